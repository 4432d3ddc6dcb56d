/* The operators' console: images an operator uploads (banners, activity banners, pay QR codes). */
import * as z from 'zod/mini';
import { defineConsoleCall } from './console-define';
import { IMAGE_UPLOAD_MAX_BYTES } from './uploads';

export const MSG_IMAGE_INVALID = '仅支持 PNG、JPG、GIF、WebP 图片';
export const MSG_IMAGE_TOO_LARGE = `图片不能超过${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024}MB`;

/** Base64 of at most IMAGE_UPLOAD_MAX_BYTES bytes (4 characters per 3 bytes). */
const BASE64_MAX = Math.ceil(IMAGE_UPLOAD_MAX_BYTES / 3) * 4;

/**
 * An image as base64 in JSON (the console takes JSON only); the server checks what the bytes are,
 * stores it under a random name and answers its address for a banner, an activity or a pay QR code.
 */
export const consoleUploadImage = defineConsoleCall({
  name: 'consoleUploadImage',
  method: 'POST',
  path: '/uploads/image',
  request: z.object({
    data: z.string().check(z.minLength(1, MSG_IMAGE_INVALID), z.maxLength(BASE64_MAX, MSG_IMAGE_TOO_LARGE)),
  }),
  response: z.object({ url: z.string() }),
  roles: ['finance', 'content'],
});
