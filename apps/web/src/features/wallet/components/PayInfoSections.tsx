import { useEffect, useState } from 'react';
import { copyText } from '@app/mobile/copy';
import { assetUrl } from '@/shared/api/client';
import { formatMoney } from '@/shared/format';
import { BlockEmpty } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { DEPOSIT_METHOD_LABELS } from '../labels';

/* What /payInfo shows of where to pay, per method (PayInfoScreen): USDT an address, its protocol,
 * the USDT to send and a QR of the address; WeChat and Alipay the account and the QR to scan. */

export interface Receiving {
  account: string;
  protocol: string;
  qrImage: string;
}

/** Copies with the plain-http fallback (@app/mobile/copy): the Clipboard API alone fails off https. */
export function copy(text: string) {
  void copyText(text).then((outcome) =>
    outcome === 'failed' ? showToast('复制失败', 'fail') : showToast('复制成功！', 'success'),
  );
}

/** A row with a value to copy (address, amount). */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="wallet-row wallet-pay-row">
      <span className="wallet-muted">{label}</span>
      <span className="wallet-pay-value" data-testid={testId}>
        {value}
      </span>
      <button type="button" className="link-button" aria-label={`复制${label}`} onClick={() => copy(value)}>
        复制
      </button>
    </div>
  );
}

/** The QR to scan: the operator's picture, else (USDT) one drawn of the address (qrcode, on demand). */
function PayQr({ image, text, alt }: { image: string; text: string; alt: string }) {
  const [drawn, setDrawn] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    if (image || !text) return;
    let live = true;
    import('qrcode')
      .then((m) => m.toDataURL(text, { width: 400, margin: 1 }))
      .then(
        (src) => live && setDrawn({ text, src }),
        () => undefined, // the address and its copy button still work
      );
    return () => {
      live = false;
    };
  }, [image, text]);
  const src = image ? assetUrl(image) : drawn?.text === text ? drawn.src : '';
  if (!src)
    return <div className="wallet-pay-qr wallet-pay-qr-empty" role="status" aria-label="二维码加载中" />;
  return <img className="wallet-pay-qr" src={src} alt={alt} width={200} height={200} />;
}

/** USDT: the protocol, the address, the USDT amount to send (the server's, floored) and a QR. */
export function UsdtReceiving({ receiving, usdtAmount }: { receiving: Receiving; usdtAmount: number }) {
  const protocol = receiving.protocol.toUpperCase();
  const amount = formatMoney(usdtAmount);
  return (
    <section className="wallet-card" aria-label="收款信息">
      <h2 className="wallet-card-title">USDT收款信息</h2>
      <div className="wallet-row">
        <span className="wallet-muted">协议</span>
        <span data-testid="pay-protocol">USDT-{protocol}</span>
      </div>
      <CopyRow label="应转USDT数量" value={amount} testId="pay-usdt-amount" />
      <CopyRow label="收款地址" value={receiving.account} testId="pay-address" />
      <PayQr image={receiving.qrImage} text={receiving.account} alt="收款地址二维码" />
      <p className="wallet-hint">
        请使用 {protocol} 网络向上方地址转入 {amount} USDT，其他网络或数量不符将无法到账。
      </p>
    </section>
  );
}

/** WeChat / Alipay: the account name and the QR image to scan; never USDT fields. */
export function QrReceiving({
  method,
  receiving,
  amount,
}: {
  method: 'wechat' | 'alipay';
  receiving: Receiving;
  amount: number;
}) {
  const app = method === 'wechat' ? '微信' : '支付宝';
  return (
    <section className="wallet-card" aria-label="收款信息">
      <h2 className="wallet-card-title">{DEPOSIT_METHOD_LABELS[method]}</h2>
      <div className="wallet-row">
        <span className="wallet-muted">收款账户</span>
        <span className="wallet-pay-value" data-testid="pay-account">
          {receiving.account}
        </span>
      </div>
      {receiving.qrImage ? (
        <>
          <PayQr image={receiving.qrImage} text="" alt={`${app}收款二维码`} />
          <p className="wallet-hint">
            请打开{app}扫描上方二维码，支付 {formatMoney(amount)} 元，付款金额需与订单一致。
          </p>
        </>
      ) : (
        <BlockEmpty>暂无收款二维码，请联系客服</BlockEmpty>
      )}
    </section>
  );
}
