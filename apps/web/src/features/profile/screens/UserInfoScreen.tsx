import type { UserInfo } from '@app/contract/auth';
import { REAL_NAME_MAX } from '@app/contract/member';
import { lazy, Suspense, useId, useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { useCurrentUser } from '@/shared/session/api';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { FormField } from '@/shared/ui/FormField';
import { showToast } from '@/shared/ui/toast';
import { useUpdateProfile } from '../api';
import { AvatarPicker } from '../components/AvatarPicker';
import { PROFILE_FIELD } from '../components/fields';
import { validateProfile, type ProfileForm } from '../rules';
import '../profile.css';

const BirthdayPicker = lazy(() => import('../components/BirthdayPicker'));

/** The editable fields, from the member's record; submit says validateProfile's message, else saves. */
function useProfileForm(user: UserInfo) {
  const save = useUpdateProfile();
  const [form, setForm] = useState<ProfileForm>({
    realname: '',
    mobile: user.mobile,
    email: user.email,
    birthday: user.birthday,
  });
  const set = (name: 'realname' | 'mobile' | 'email') => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const submit = () => {
    const problem = validateProfile(form);
    if (problem) {
      showToast(problem, 'fail');
      return;
    }
    const realname = user.realname ? '' : form.realname.trim();
    save.mutate(
      {
        ...(realname ? { realname } : {}),
        mobile: form.mobile.trim(),
        email: form.email.trim(),
        birthday: form.birthday.trim(),
      },
      {
        onSuccess: ({ message }) => showToast(message || '修改成功', 'success'),
        onError: (e) => showToast(errorMessage(e), 'fail'),
      },
    );
  };
  return { form, set, setForm, submit, save };
}

/** Read-only once on record; until then the member types it, once. */
function RealNameField({
  onRecord,
  value,
  onChange,
}: {
  onRecord: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  if (onRecord) return <FormField label="真实姓名" classes={PROFILE_FIELD} value={onRecord} readOnly />;
  return (
    <FormField
      label="真实姓名"
      classes={PROFILE_FIELD}
      autoComplete="name"
      placeholder="须与银行卡姓名一致，填写后不可修改"
      maxLength={REAL_NAME_MAX}
      value={value}
      onChange={onChange}
    />
  );
}

function ProfileEditor({ user }: { user: UserInfo }) {
  const id = useId();
  const { form, set, setForm, submit, save } = useProfileForm(user);
  const [picking, setPicking] = useState(false);
  const [pickerUsed, setPickerUsed] = useState(false);

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
        <FormField label="用户名" classes={PROFILE_FIELD} value={user.username} readOnly />
        <RealNameField onRecord={user.realname} value={form.realname} onChange={set('realname')} />
        <div className="profile-field">
          <label className="profile-label" htmlFor={`${id}-birthday`}>
            出生日期
          </label>
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
        </div>
        <FormField
          label="手机号码"
          classes={PROFILE_FIELD}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="请输入手机号码"
          maxLength={11}
          value={form.mobile}
          onChange={set('mobile')}
        />
        <FormField
          label="邮箱"
          classes={PROFILE_FIELD}
          type="email"
          autoComplete="email"
          placeholder="请输入邮箱"
          maxLength={64}
          value={form.email}
          onChange={set('email')}
        />
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

/**
 * /userInfo (login): avatar, read-only username, real name, birthday, mobile, email (spec §2). The real
 * name is read-only once on record; until then the member fills it in once (it was never fillable:
 * walk-through 2026-11-27), and binding a bank card fills it from the holder.
 */
export default function UserInfoScreen() {
  const { user, query } = useCurrentUser();
  if (!user) {
    if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
    return <BlockLoading lines={5} />;
  }
  return <ProfileEditor key={user.id} user={user} />;
}
