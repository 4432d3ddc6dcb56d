/* Uploaded images (avatars: member.ts; deposit vouchers: cashier.ts; WeChat QR codes: withdrawals.ts):
 * the limits the server applies to every upload and the web app checks before sending. */

/** Uploads (avatar, deposit voucher, wechat QR code): images only, no SVG (it can carry script). */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The one size limit of every upload, applied by the server (the web app checks the same 2 MB). */
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const MSG_IMAGE_TOO_LARGE = '图片不能超过2MB';

/**
 * Uploaded images (size: IMAGE_UPLOAD_MAX_BYTES), per member (the shared trial account too): at most
 * `perMinute` uploads in any minute, and per Beijing day at most `perDay` files and `bytesPerDay` bytes
 * (issue 13).
 */
export const UPLOAD_LIMITS = { perMinute: 10, perDay: 30, bytesPerDay: 20 * 1024 * 1024 } as const;
export const MSG_UPLOAD_TOO_FAST = '上传过于频繁，请1分钟后再试';
export const MSG_UPLOAD_DAILY_QUOTA = `今日上传已达上限（${UPLOAD_LIMITS.perDay}张或${UPLOAD_LIMITS.bytesPerDay / 1024 / 1024}MB），请明天再试`;

/**
 * Avatars: the spec's gif and png, and JPEG, which is what a phone's camera gives. One list and one
 * message for the picker and the server, so the two never disagree.
 */
export const AVATAR_MIME_TYPES = ['image/gif', 'image/png', 'image/jpeg'] as const;
export const MSG_AVATAR_TYPE = '头像仅支持GIF、PNG、JPG格式的图片';
