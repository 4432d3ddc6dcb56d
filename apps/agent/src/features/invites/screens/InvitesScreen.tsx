import type { InviteItem } from '@app/contract/agent-office';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { copyText } from '@app/mobile/copy';
import { errorMessage } from '@/shared/api/client';
import { officeQueries } from '@/shared/queries/office';
import { ratesText } from '@/shared/rates';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { confirmDialog } from '@/shared/ui/dialog';
import { showToast } from '@/shared/ui/toast';
import { useRevokeInvite } from '../api';
import { CreateInvite } from '../components/CreateInvite';
import { InviteCard } from '../components/InviteCard';
import { InviteQr } from '../components/InviteQr';
import '../invites.css';

async function copy(text: string, what: string) {
  const how = await copyText(text);
  if (how === 'failed') showToast(`复制失败，请长按${what}手动复制`, 'fail');
  else showToast(`${what}已复制`, 'success');
}

/** The QR code large enough to scan from another phone, with the code and the link. */
function QrSheet({ invite, onClose }: { invite: InviteItem | null; onClose: () => void }) {
  return (
    <Popup visible={invite !== null} onMaskClick={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      {invite && (
        <div className="sheet inv-qr-sheet" aria-label="推广二维码">
          <h2 className="sheet-title">推广二维码</h2>
          <InviteQr link={invite.url} size={220} label={`推广二维码 ${invite.code}`} />
          <p>
            邀请码 <strong>{invite.code}</strong>
          </p>
          <p className="inv-url">{invite.url}</p>
          <p className="sheet-hint">长按图片保存，或截图分享给好友</p>
          <Button block onClick={onClose}>
            关闭
          </Button>
        </div>
      )}
    </Popup>
  );
}

/** 推广链接: the links and codes with their QR codes; copy, create, revoke (after a confirmation). */
export default function InvitesScreen() {
  const query = useQuery(officeQueries.invites());
  const revoke = useRevokeInvite();
  const [now] = useState(() => Date.now());
  const [creating, setCreating] = useState(false);
  const [qrOf, setQrOf] = useState<InviteItem | null>(null);

  if (query.isPending) return <BlockLoading lines={6} label="推广链接加载中" />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  const { invites, own_rates: own, can_invite_agents: canInviteAgents } = query.data;

  const askRevoke = async (invite: InviteItem) => {
    const yes = await confirmDialog(
      `撤销后，邀请码 ${invite.code} 及其链接将不能再用于注册，已注册的会员不受影响。`,
      '确定撤销该推广链接？',
      '撤销',
    );
    if (!yes) return;
    revoke.mutate(invite.id, {
      onSuccess: () => showToast('已撤销', 'success'),
      onError: (error) => showToast(errorMessage(error), 'fail'),
    });
  };

  return (
    <div className="page">
      <section className="card inv-top">
        <div className="card-title">
          <span>我的返佣比例</span>
          <Button size="small" color="primary" onClick={() => setCreating(true)}>
            新建推广链接
          </Button>
        </div>
        <p className="muted rates">{ratesText(own)}</p>
      </section>
      {invites.length === 0 ? (
        <BlockEmpty>暂无推广链接，点击「新建推广链接」生成</BlockEmpty>
      ) : (
        <ul className="inv-list" aria-label="推广链接">
          {invites.map((invite) => (
            <InviteCard
              key={invite.id}
              invite={invite}
              now={now}
              onCopy={(text, what) => void copy(text, what)}
              onShowQr={setQrOf}
              onRevoke={(i) => void askRevoke(i)}
              revoking={revoke.isPending && revoke.variables === invite.id}
            />
          ))}
        </ul>
      )}
      <CreateInvite
        visible={creating}
        onClose={() => setCreating(false)}
        own={own}
        canInviteAgents={canInviteAgents}
      />
      <QrSheet invite={qrOf} onClose={() => setQrOf(null)} />
    </div>
  );
}
