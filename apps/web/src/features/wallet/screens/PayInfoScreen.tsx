import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from '@app/mobile/router';
import { formatDate, formatMoney } from '@/shared/format';
import { useGo } from '@/shared/navigation/useGo';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { walletQueries } from '../api';
import { QrReceiving, UsdtReceiving } from '../components/PayInfoSections';
import { payWayLabel } from '../labels';
import { countdownText } from '../rules';
import '../wallet.css';

/** Ticks every second until `end` (epoch ms); returns the milliseconds left (≥ 0). */
function useLeft(end: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  return end === undefined ? 0 : Math.max(0, end - now);
}

function PayInfo({ depositNo }: { depositNo: string }) {
  const go = useGo();
  const query = useQuery(walletQueries.depositInfo(depositNo));
  const left = useLeft(query.data?.expiresAt);
  if (query.isPending) return <BlockLoading lines={6} />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  const info = query.data;
  const { method, receiving } = info;
  const rows: [string, string][] = [
    ['订单号', info.depositNo],
    ['下单时间', formatDate(info.createdAt)],
    ['支付方式', payWayLabel(method, receiving?.protocol)],
  ];
  return (
    <>
      <section className="wallet-hero" aria-label="支付金额">
        <div className="wallet-hero-label">支付金额（元）</div>
        <div className="wallet-hero-amount">{formatMoney(info.amount)}</div>
        {method === 'usdt' && info.usdtAmount > 0 && (
          <div className="wallet-hero-row">
            <span>应转USDT</span>
            <span className="wallet-amount">{formatMoney(info.usdtAmount)} USDT</span>
          </div>
        )}
        <div className="wallet-hero-row">
          <span>剩余支付时间</span>
          <span className="wallet-amount" data-testid="pay-countdown" aria-live="off">
            {left > 0 ? countdownText(left) : '已过期'}
          </span>
        </div>
      </section>
      <section className="wallet-card" aria-label="订单信息">
        {rows.map(([k, v]) => (
          <div key={k} className="wallet-row">
            <span className="wallet-muted">{k}</span>
            <span>{v}</span>
          </div>
        ))}
      </section>
      {!receiving ? (
        <BlockEmpty>
          {method === 'bank' ? '银行转账订单正在审核，请在交易记录中查看' : '暂无收款信息，请联系客服'}
        </BlockEmpty>
      ) : method === 'usdt' ? (
        <UsdtReceiving receiving={receiving} usdtAmount={info.usdtAmount} />
      ) : method === 'wechat' || method === 'alipay' ? (
        <QrReceiving method={method} receiving={receiving} amount={info.amount} />
      ) : null}
      <button type="button" className="wallet-submit" onClick={() => go('/transRecord')}>
        查看记录
      </button>
      <button type="button" className="link-button" onClick={() => go('/recharge')}>
        继续充值
      </button>
    </>
  );
}

/** /payInfo?deposit_no=…: where and until when to pay a deposit (60 minutes from created_at). */
export default function PayInfoScreen() {
  const [params] = useSearchParams();
  const depositNo = params.get('deposit_no')?.trim() ?? '';
  return (
    <div className="wallet-screen">
      {depositNo && /^[A-Za-z0-9_-]{1,64}$/.test(depositNo) ? (
        <PayInfo depositNo={depositNo} />
      ) : (
        <BlockEmpty>订单号无效</BlockEmpty>
      )}
    </div>
  );
}
