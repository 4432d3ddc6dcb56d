import { useState } from 'react';
import {
  MSG_SUPPORT_NICKNAME,
  MSG_SUPPORT_NICKNAME_LONG,
  RequiredText,
  SUPPORT_NICKNAME_MAX,
} from '@app/contract/support-desk';
import { errorMessage } from './api';
import { cleanText } from './text';

/* A visitor's nickname. No <form>: the member app's frame is sandboxed without allow-forms, where a
 * form's submit event never fires; the button and the Enter key start the desk. */

const NICKNAME = RequiredText(MSG_SUPPORT_NICKNAME, SUPPORT_NICKNAME_MAX, MSG_SUPPORT_NICKNAME_LONG);

export function VisitorForm({ onStart }: { onStart: (nickname: string) => Promise<void> }) {
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const start = async () => {
    if (busy) return;
    const checked = NICKNAME.safeParse(cleanText(nickname));
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MSG_SUPPORT_NICKNAME);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onStart(checked.data);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <div className="sd-visitor">
      <h1>在线客服</h1>
      <p className="sd-muted">请输入您的昵称，方便客服称呼您</p>
      <label className="sd-field">
        <span>昵称</span>
        <input
          value={nickname}
          maxLength={40}
          placeholder="请输入昵称"
          enterKeyHint="go"
          onChange={(e) => setNickname(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void start();
          }}
        />
      </label>
      {error && (
        <p className="sd-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="sd-button sd-primary" disabled={busy} onClick={() => void start()}>
        {busy ? '正在连接…' : '开始咨询'}
      </button>
    </div>
  );
}
