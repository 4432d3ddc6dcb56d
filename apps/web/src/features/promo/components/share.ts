/* What the share sheet of /inviter does besides copying the link: draw the poster, make the QR code.
 * The QR library (qrcode) loads on demand, never with the screen's first render. */

/** A PNG data URL of the QR code of `text`. */
export async function qrDataUrl(text: string, width = 240): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { margin: 1, width, errorCorrectionLevel: 'M' });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image'));
    img.src = src;
  });
}

/** The invitation poster (a PNG data URL) drawn on a canvas: title, text, QR code, the link. */
export async function posterDataUrl(opts: { title: string; link: string }): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 900;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas');
  const bg = ctx.createLinearGradient(0, 0, 0, canvas.height);
  bg.addColorStop(0, '#1a5cff');
  bg.addColorStop(1, '#0f3fcc');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.font = 'bold 44px sans-serif';
  ctx.fillText(opts.title || '邀请好友', 300, 130);
  ctx.font = '28px sans-serif';
  ctx.fillText('邀请好友注册，共享丰厚奖金', 300, 200);
  ctx.fillStyle = '#fff';
  ctx.fillRect(150, 280, 300, 300);
  const qr = await loadImage(await qrDataUrl(opts.link, 280));
  ctx.drawImage(qr, 160, 290, 280, 280);
  ctx.font = '22px sans-serif';
  ctx.fillText('扫码注册，立即加入', 300, 640);
  ctx.font = '16px sans-serif';
  const link = opts.link.length > 60 ? `${opts.link.slice(0, 57)}...` : opts.link;
  ctx.fillText(link, 300, 690);
  return canvas.toDataURL('image/png');
}

/** Saves a data URL as a file (a download of the browser). */
export function saveDataUrl(dataUrl: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
