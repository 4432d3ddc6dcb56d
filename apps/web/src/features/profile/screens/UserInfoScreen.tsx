import type { UserInfo } from '@app/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { errorMessage } from '@/shared/api/client';
import { sessionQueries } from '@/shared/session/api';
import { useUser } from '@/shared/session/store';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { useUpdateProfile } from '../api';
import { AvatarPicker } from '../components/AvatarPicker';
import { validateProfile, type ProfileForm } from '../rules';
import '../profile.css';

const BirthdayPicker = lazy(() => import('../components/BirthdayPicker'));

function Row({ label, children, htmlFor }: { label: string; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="profile-field">
      {htmlFor ? (
        <label className="profile-label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className="profile-label">{label}</span>
      )}
      {children}
    </div>
  );
}

function ProfileEditor({ user }: { user: UserInfo }) {
  const id = useId();
  const save = useUpdateProfile();
  const [form, setForm] = useState<ProfileForm>({
    mobile: user.mobile,
    email: user.email,
    birthday: user.birthday,
  });
  const [picking, setPicking] = useState(false);
  const [pickerUsed, setPickerUsed] = useState(false);
  const set = (name: 'mobile' | 'email') => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const submit = () => {
    const problem = validateProfile(form);
    if (problem) {
      showToast(problem, 'fail');
      return;
    }
    save.mutate(
      { mobile: form.mobile.trim(), email: form.email.trim(), birthday: form.birthday.trim() },
      {
        onSuccess: ({ message }) => showToast(message || '修改成功', 'success'),
        onError: (e) => showToast(errorMessage(e), 'fail'),
      },
    );
  };

  return (
    <form
      className="profile-form"
      aria-label="个人资料"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="profile-card">
        <div className="profile-avatar-row">
          <span className="profile-label">头像</span>
          <AvatarPicker avatar={user.avatar} />
        </div>
        <Row label="用户名" htmlFor={`${id}-name`}>
          <input id={`${id}-name`} className="profile-input" value={user.username} readOnly />
        </Row>
        <Row label="真实姓名" htmlFor={`${id}-real`}>
          <input id={`${id}-real`} className="profile-input" value={user.realname} readOnly />
        </Row>
        <Row label="出生日期" htmlFor={`${id}-birthday`}>
          <button
            id={`${id}-birthday`}
            type="button"
            className={form.birthday ? 'profile-picker' : 'profile-picker empty'}
            aria-haspopup="dialog"
            onClick={() => {
              setPickerUsed(true);
              setPicking(true);
            }}
          >
            {form.birthday || '请选择出生日期'}
          </button>
        </Row>
        <Row label="手机号码" htmlFor={`${id}-mobile`}>
          <input
            id={`${id}-mobile`}
            className="profile-input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="请输入手机号码"
            maxLength={11}
            value={form.mobile}
            onChange={set('mobile')}
          />
        </Row>
        <Row label="邮箱" htmlFor={`${id}-email`}>
          <input
            id={`${id}-email`}
            className="profile-input"
            type="email"
            autoComplete="email"
            placeholder="请输入邮箱"
            maxLength={64}
            value={form.email}
            onChange={set('email')}
          />
        </Row>
      </div>
      <button type="submit" className="profile-submit" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? '提交中…' : '确认修改'}
      </button>
      {pickerUsed && (
        <Suspense fallback={null}>
          <BirthdayPicker
            visible={picking}
            value={form.birthday}
            onClose={() => setPicking(false)}
            onConfirm={(birthday) => setForm((f) => ({ ...f, birthday }))}
          />
        </Suspense>
      )}
    </form>
  );
}

/** /userInfo (login): avatar, read-only username and real name, birthday, mobile, email (spec §2). */
export default function UserInfoScreen() {
  const query = useQuery(sessionQueries.user());
  const stored = useUser();
  const user = query.data ?? stored;
  if (!user) {
    if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
    return <BlockLoading lines={5} />;
  }
  return <ProfileEditor key={user.id} user={user} />;
}
