import { MSG_RED_PACKET_NETWORK, MSG_RED_PACKET_NONE, MSG_RED_PACKET_OFF } from '@app/contract/promo';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@app/mobile/router';
import { ApiError } from '@/shared/api/client';
import { useIntentKey } from '@/shared/api/intent';
import { formatMoney } from '@/shared/format';
import { siteQueries } from '@/shared/queries/site';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { promoQueries, useClaimRedPacket } from '../api';
import { depositBandText, RED_PACKET_DEPOSIT_NOTE, RED_PACKET_PERIOD, redPacketBlock } from '../rules';
import '../promo.css';

type Outcome = { won: number } | { failed: string };

/** A dismissable widget (the period banner, the rules). */
function Widget({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <section className="promo-widget" aria-label={label}>
      {children}
      <button
        type="button"
        className="icon-button"
        aria-label={`关闭${label}`}
        onClick={() => setOpen(false)}
      >
        ×
      </button>
    </section>
  );
}

/** A failure of the claim: the server's refusal as it says it, any other failure 服务器异常，请稍后再试. */
function claimFailure(error: unknown): string {
  return error instanceof ApiError && error.kind === 'business' ? error.message : MSG_RED_PACKET_NETWORK;
}

/** 领取规则: how many claims each range of deposits gives. */
function PacketRules({
  rules,
}: {
  rules: readonly { minDeposit: number; maxDeposit: number; claims: number }[];
}) {
  return (
    <section className="promo-card" aria-label="红包规则">
      <h2>领取规则</h2>
      <table className="promo-table">
        <thead>
          <tr>
            <th>存款金额</th>
            <th>领取次数</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((r, i) => (
            <tr key={i}>
              <td>{depositBandText(r.minDeposit, r.maxDeposit)}</td>
              <td>{r.claims}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Packet({ switchOn }: { switchOn: boolean }) {
  const info = useQuery(promoQueries.redPacket());
  const claim = useClaimRedPacket();
  const intent = useIntentKey();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (info.isPending) return <BlockLoading height={180} />;
  if (info.isError) return <BlockError error={info.error} onRetry={() => void info.refetch()} />;
  const { remainingClaims, claimedCount, rules } = info.data;

  const onClaim = () => {
    const blocked = redPacketBlock({ switchOn, remaining: remainingClaims });
    if (blocked) {
      setOutcome({ failed: blocked });
      showToast(blocked, 'fail');
      return;
    }
    claim.mutate(intent.keyFor('douserredpacket'), {
      onSuccess: ({ data }) => {
        intent.done();
        setOutcome({ won: data.amount });
        showToast(`恭喜获得 ${formatMoney(data.amount)} 元`, 'success');
      },
      onError: (e) => {
        intent.failed(e);
        const message = claimFailure(e);
        setOutcome({ failed: message });
        showToast(message, 'fail');
      },
    });
  };

  return (
    <>
      <section className="promo-packet" aria-label="红包">
        <div>
          剩余次数 <strong data-testid="redpacket-remaining">{remainingClaims}</strong> · 已领取{' '}
          <strong>{claimedCount}</strong>
        </div>
        <button
          type="button"
          className="promo-button"
          disabled={claim.isPending}
          aria-busy={claim.isPending}
          onClick={onClaim}
        >
          抢红包
        </button>
        {outcome && 'won' in outcome && (
          <p role="status" style={{ margin: 0 }}>
            恭喜获得 <strong className="promo-packet-amount">{formatMoney(outcome.won)}</strong> 元
          </p>
        )}
        {outcome && 'failed' in outcome && (
          <p role="alert" style={{ margin: 0 }}>
            {outcome.failed}
            {/* Deposits are the one thing the member can do about a refusal: not about the window. */}
            {outcome.failed === MSG_RED_PACKET_NONE && (
              <>
                {' '}
                <Link to="/recharge" className="promo-packet-link">
                  去充值
                </Link>
              </>
            )}
          </p>
        )}
      </section>
      {rules.length > 0 && <PacketRules rules={rules} />}
    </>
  );
}

/** /hongbao (tab, login 'confirm'): the daily red packet, claimed in the Beijing 10:00-12:00 window. */
export default function HongbaoScreen() {
  const site = useQuery(siteQueries.app());
  const switchOn = site.data?.redPacketOn ?? true;
  useEffect(() => {
    if (site.data && !site.data.redPacketOn) showToast(MSG_RED_PACKET_OFF);
  }, [site.data]);
  return (
    <div className="promo-screen">
      <Widget label="活动时间">
        <strong>活动时间：{RED_PACKET_PERIOD}</strong>
        <div>{RED_PACKET_DEPOSIT_NOTE}</div>
      </Widget>
      {switchOn ? (
        <Packet switchOn={switchOn} />
      ) : (
        <section className="promo-packet" role="alert">
          {MSG_RED_PACKET_OFF}
        </section>
      )}
      <Widget label="活动说明">
        每日存款达到规则要求即可获得抢红包次数，红包金额随机，领取后计入中心钱包；红包金额需完成 1
        倍有效投注（打码量）后方可取款。
        <Link to="/welfare" style={{ color: '#fff', marginLeft: 4 }}>
          领取记录
        </Link>
      </Widget>
    </div>
  );
}
