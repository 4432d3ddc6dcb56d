import type { InviteItem } from '@app/contract/agent-office';
import { INVITE_KIND_LABELS } from '@app/contract/agent-plans';
import Button from 'antd-mobile/es/components/button';
import { dateTimeText } from '@/shared/format';
import { ratesText } from '@/shared/rates';
import { InviteQr } from './InviteQr';

/** Whether a link still registers: not revoked, not expired, uses left. */
export function inviteState(invite: InviteItem, now: number): { text: string; tone: string } {
  if (invite.revoked) return { text: '已撤销', tone: 'off' };
  if (invite.expires_at !== null && invite.expires_at <= now) return { text: '已过期', tone: 'off' };
  if (invite.max_uses && invite.uses >= invite.max_uses) return { text: '已用完', tone: 'off' };
  return { text: '有效', tone: 'done' };
}

export function InviteCard({
  invite,
  now,
  onCopy,
  onShowQr,
  onRevoke,
  revoking,
}: {
  invite: InviteItem;
  now: number;
  onCopy: (text: string, what: string) => void;
  onShowQr: (invite: InviteItem) => void;
  onRevoke: (invite: InviteItem) => void;
  revoking: boolean;
}) {
  const state = inviteState(invite, now);
  return (
    <li className="list-card inv-card">
      <div className="list-card-head">
        <div className="list-card-name">
          <span>{invite.code}</span>
          <span className="tag">{INVITE_KIND_LABELS[invite.kind]}</span>
        </div>
        <span className={`tag ${state.tone}`}>{state.text}</span>
      </div>
      <div className="inv-body">
        <button
          type="button"
          className="inv-qr-button"
          aria-label={`放大二维码 ${invite.code}`}
          onClick={() => onShowQr(invite)}
        >
          <InviteQr link={invite.url} size={88} label={`推广二维码 ${invite.code}`} />
        </button>
        <div className="inv-info">
          <p className="inv-url">{invite.url}</p>
          <p className="muted">
            有效期：{invite.expires_at === null ? '长期有效' : `至 ${dateTimeText(invite.expires_at)}`}
          </p>
          <p className="muted">
            已使用 {invite.uses} / {invite.max_uses ? `${invite.max_uses} 次` : '不限'}
          </p>
          {invite.rates && <p className="muted rates">返佣：{ratesText(invite.rates)}</p>}
        </div>
      </div>
      <div className="inv-actions">
        <Button size="small" onClick={() => onCopy(invite.url, '链接')}>
          复制链接
        </Button>
        <Button size="small" onClick={() => onCopy(invite.code, '邀请码')}>
          复制邀请码
        </Button>
        {!invite.revoked && (
          <Button
            size="small"
            color="danger"
            fill="outline"
            loading={revoking}
            loadingText="撤销中…"
            disabled={revoking}
            onClick={() => onRevoke(invite)}
          >
            撤销
          </Button>
        )}
      </div>
    </li>
  );
}
