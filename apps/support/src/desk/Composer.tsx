import { useEffect, useMemo, useState } from 'react';
import { SUPPORT_QUICK_QUESTIONS, SupportText, supportSend } from '@app/contract/support-desk';
import { ApiError, call, errorMessage } from '../api';
import { cleanText } from '../text';
import { ImageButton, type Sent } from './ImageButton';
import { typingOut, type TypingOut } from './typing';

interface Props {
  token: string;
  onSent: (reply: Sent) => void;
  /** A refusal of the token (401) ends the desk; other failures stay here. */
  onExpired: (error: unknown) => void;
  /** A typing mark for the 客服 (the socket's; false when it is not live). */
  onTyping: (on: boolean) => boolean;
}

/** The typing marks of the box (typing.ts), ended when the composer goes. */
function useTypingOut(onTyping: (on: boolean) => boolean): TypingOut {
  const marks = useMemo(() => typingOut(onTyping), [onTyping]);
  useEffect(() => () => marks.stop(), [marks]);
  return marks;
}

/** Quick questions, the text box with 发送 (disabled while sending, the text kept on failure), 图片. */
export function Composer({ token, onSent, onExpired, onTyping }: Props) {
  const [text, setText] = useState('');
  const typing = useTypingOut(onTyping);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.code === 401) onExpired(e);
    else setError(typeof e === 'string' ? e : errorMessage(e));
  };

  const send = async (raw: string, fromBox: boolean) => {
    if (busy) return;
    const checked = SupportText.safeParse(cleanText(raw));
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? '');
      return;
    }
    setBusy(true);
    setError('');
    typing.stop();
    try {
      onSent(await call(supportSend, { text: checked.data }, token));
      if (fromBox) setText('');
    } catch (e) {
      failed(e); // the text stays in the box
    } finally {
      setBusy(false);
    }
  };

  return (
    <footer className="sd-composer">
      <div className="sd-chips" aria-label="常见问题">
        {SUPPORT_QUICK_QUESTIONS.map((q) => (
          <button
            key={q}
            type="button"
            className="sd-chip"
            disabled={busy}
            onClick={() => void send(q, false)}
          >
            {q}
          </button>
        ))}
      </div>
      {error && (
        <p className="sd-error" role="alert">
          {error}
        </p>
      )}
      <div className="sd-input">
        <ImageButton token={token} onSent={onSent} onError={failed} />
        <textarea
          value={text}
          rows={1}
          placeholder="请输入您要咨询的问题"
          aria-label="消息内容"
          onChange={(e) => {
            setText(e.target.value);
            typing.input(e.target.value.trim() === '');
          }}
          onBlur={() => typing.stop()}
        />
        <button
          type="button"
          className="sd-button sd-primary"
          disabled={busy || text.trim() === ''}
          onClick={() => void send(text, true)}
        >
          {busy ? '发送中' : '发送'}
        </button>
      </div>
    </footer>
  );
}
