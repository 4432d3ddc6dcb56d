import QRCode from 'qrcode';
import { escapeHtml } from '../http/html';

/**
 * The seeded WeChat and Alipay receiving QR codes: real, scannable QR codes (the qrcode library)
 * drawn as plain SVG at start-up and served with the other seed pictures under /assets-seed/. They
 * hold a demo notice, not a payment address; operators set real ones (pay:set --qr).
 */

const FONT = 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif';

export const SEED_PAY_QR = {
  wechat: {
    name: 'pay-wechat-qr.svg',
    text: '乐享娱乐演示微信收款码（演示数据，请勿付款）',
    caption: '微信扫码支付',
    colour: '#07c160',
  },
  alipay: {
    name: 'pay-alipay-qr.svg',
    text: '乐享娱乐演示支付宝收款码（演示数据，请勿付款）',
    caption: '支付宝扫码支付',
    colour: '#1677ff',
  },
} as const;

/** A QR code of `text` as SVG: dark modules as one path, a quiet zone of 4, a caption below. */
export function qrSvg(text: string, caption: string, colour: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = 8;
  const margin = 4 * cell;
  const size = n * cell + margin * 2;
  let d = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (modules.get(y, x)) d += `M${margin + x * cell} ${margin + y * cell}h${cell}v${cell}h-${cell}z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size + 40}" viewBox="0 0 ${size} ${size + 40}">
<rect width="${size}" height="${size + 40}" fill="#fff"/>
<path d="${d}" fill="#000"/>
<rect y="${size}" width="${size}" height="40" fill="${colour}"/>
<text x="${size / 2}" y="${size + 20}" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="18" fill="#fff">${escapeHtml(caption)}</text>
</svg>`;
}

/** name → SVG of the seeded receiving QR codes. */
export function buildPayQrAssets(): Map<string, string> {
  return new Map(Object.values(SEED_PAY_QR).map((q) => [q.name, qrSvg(q.text, q.caption, q.colour)]));
}
