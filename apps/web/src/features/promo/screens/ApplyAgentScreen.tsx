import { useState, type FormEvent } from 'react';
import { Link } from '@app/mobile/router';
import { errorMessage } from '@/shared/api/client';
import { useSubmission } from '@/shared/api/intent';
import { useCurrentUser } from '@/shared/session/api';
import { showToast } from '@/shared/ui/toast';
import { useApplyAgent } from '../api';
import { MSG_AGENT_SUBMITTED, validateAgentApplication } from '../rules';
import '../promo.css';

/**
 * /applyagent (login): 合营计划 — read-only username and real name, contact (the member's bound mobile
 * to start with, editable), reason, 加入我们.
 */
export default function ApplyAgentScreen() {
  const { query: member } = useCurrentUser();
  const apply = useApplyAgent();
  const submission = useSubmission();
  // mobile null: not edited, the member's bound number stands (userInfo's mobile, '' when none).
  const [form, setForm] = useState<{ mobile: string | null; reason: string }>({ mobile: null, reason: '' });
  const mobile = form.mobile ?? member.data?.mobile ?? '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateAgentApplication({ mobile, reason: form.reason });
    if (problem) {
      showToast(problem, 'fail');
      return;
    }
    const application = { mobile: mobile.trim(), apply_info: form.reason.trim() };
    // A second tap while this one runs sends nothing (issue 30: it answered 代理申请正在审核中).
    const intentKey = submission.start(application);
    if (intentKey === null) return;
    apply.mutate(
      { ...application, intentKey },
      {
        onSuccess: () => {
          submission.succeeded();
          showToast(MSG_AGENT_SUBMITTED, 'success');
          setForm({ mobile: null, reason: '' });
        },
        onError: (err) => {
          submission.failed(err);
          showToast(errorMessage(err), 'fail');
        },
      },
    );
  };

  return (
    <form className="promo-screen" onSubmit={onSubmit} noValidate aria-label="申请代理">
      <label className="promo-field">
        用户名
        <input readOnly value={member.data?.username ?? ''} />
      </label>
      <label className="promo-field">
        真实姓名
        <input readOnly value={member.data?.realname ?? ''} />
      </label>
      <label className="promo-field">
        联系电话
        <input
          type="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder="请输入手机号"
          value={mobile}
          onChange={(e) => setForm({ ...form, mobile: e.target.value })}
        />
      </label>
      <label className="promo-field">
        申请理由
        <textarea
          rows={4}
          maxLength={500}
          placeholder="请输入申请理由"
          value={form.reason}
          onChange={(e) => setForm({ ...form, reason: e.target.value })}
        />
      </label>
      <button type="submit" className="promo-button" disabled={apply.isPending} aria-busy={apply.isPending}>
        加入我们
      </button>
      <Link to="/kefu" style={{ textAlign: 'center' }}>
        咨询客服
      </Link>
    </form>
  );
}
