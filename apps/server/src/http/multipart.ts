import type { FastifyRequest } from 'fastify';
import { BusinessError } from '../plugins/errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Largest uploaded image (vouchers, QR codes). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Reads a whole multipart form: text fields (last value wins) and files (in memory, size-limited). */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Map<string, UploadedFile> }> {
  const fields: Record<string, string> = {};
  const files = new Map<string, UploadedFile>();
  for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 20 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.file.truncated) throw new BusinessError('图片不能超过2MB', 413);
      if (data.length > 0)
        files.set(part.fieldname, { filename: part.filename, mimetype: part.mimetype, data });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}
