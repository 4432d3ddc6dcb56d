import { IMAGE_UPLOAD_MAX_BYTES, MSG_IMAGE_TOO_LARGE } from '@app/contract/uploads';
import type { FastifyRequest } from 'fastify';
import { BusinessError } from '../core/errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * Limits of every multipart request (registered with @fastify/multipart and applied per request): a
 * file is at most the contract's one upload limit (vouchers, QR codes, avatars).
 */
export const MULTIPART_LIMITS = { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 2, fields: 20 } as const;

/** Reads a whole multipart form: text fields (last value wins) and files (in memory, size-limited). */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Map<string, UploadedFile> }> {
  const fields: Record<string, string> = {};
  const files = new Map<string, UploadedFile>();
  for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((err: unknown) => {
        // @fastify/multipart's own 413 says nothing a member can act on.
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new BusinessError(MSG_IMAGE_TOO_LARGE, 413);
        }
        throw err;
      });
      if (part.file.truncated) throw new BusinessError(MSG_IMAGE_TOO_LARGE, 413);
      if (data.length > 0)
        files.set(part.fieldname, { filename: part.filename, mimetype: part.mimetype, data });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}
