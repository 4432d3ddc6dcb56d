import { useState } from 'react';
import {
  MSG_SUPPORT_RATING,
  SUPPORT_RATING_NOTE_MAX,
  supportRate,
  type SupportConversation,
} from '@app/contract/support-desk';
import { call, errorMessage } from '../api';
import { cleanText } from '../text';

const LABELS = ['', '非常不满意', '不满意', '一般', '满意', '非常满意'];

interface Props {
  conversation: SupportConversation;
  token: string;
  onRated: (conversation: SupportConversation) => void;
}

/** After a close: 1–5 stars and an optional note, rated once (supportRate). */
export function Rating({ conversation, token, onRated }: Props) {
  const [stars, setStars] = useState(0);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  if (conversation.rating !== null) {
    return (
      <section className="sd-card sd-rating" aria-label="服务评价">
        <p>本次会话已结束，感谢您的评价（{'★'.repeat(conversation.rating)}）</p>
      </section>
    );
  }

  const submit = async () => {
    if (stars < 1) {
      setError(MSG_SUPPORT_RATING);
      return;
    }
    setBusy(true);
    setError('');
    try {
      onRated(
        await call(
          supportRate,
          { conversation_id: conversation.id, rating: stars, note: cleanText(note) },
          token,
        ),
      );
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <section className="sd-card sd-rating" aria-label="服务评价">
      <p>本次会话已结束，请为本次服务评分</p>
      <div className="sd-stars" role="radiogroup" aria-label="评分">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={stars === n}
            aria-label={`${n}星`}
            className={n <= stars ? 'sd-star sd-star-on' : 'sd-star'}
            onClick={() => setStars(n)}
          >
            ★
          </button>
        ))}
        <span className="sd-muted">{LABELS[stars]}</span>
      </div>
      <textarea
        value={note}
        rows={2}
        maxLength={SUPPORT_RATING_NOTE_MAX}
        placeholder="说说您的建议（选填）"
        aria-label="评价内容"
        onChange={(e) => setNote(e.target.value)}
      />
      {error && (
        <p className="sd-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="sd-button sd-primary" disabled={busy} onClick={() => void submit()}>
        {busy ? '提交中…' : '提交评价'}
      </button>
    </section>
  );
}
