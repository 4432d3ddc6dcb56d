/**
 * Where members' uploads (deposit vouchers, WeChat QR codes, avatars) live on disk, and the files
 * themselves: DATA_DIR/uploads/<path>, `path` being a name the server made (`ab…12.png`) or one in a
 * sub-folder (`avatars/ab…12.png`), served at UPLOAD_URL_PREFIX + path. Only the files: which uploads
 * a member may make, and which are still referred to, are the uploads module's (it needs the database).
 */
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UPLOAD_URL_PREFIX } from './paths';

/** The random names the server gives files (32 hex digits and the proved type's extension). */
export const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
/** Sub-folders of DATA_DIR/uploads that hold uploads ('' = the folder itself). */
const FOLDERS = ['', 'avatars', 'support'];

export type ImageExt = 'png' | 'jpg' | 'gif' | 'webp';
export const IMAGE_CONTENT_TYPES: Record<ImageExt, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A picture's type by its first bytes (the file name and the MIME type the client sent prove
 * nothing): PNG, JPEG, GIF87a / GIF89a or WEBP; null for anything else (SVG, HTML, scripts…).
 */
export function imageTypeOf(data: Buffer): ImageExt | null {
  if (data.length >= 16 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const head = data.subarray(0, 6).toString('latin1');
  if (data.length >= 13 && (head === 'GIF87a' || head === 'GIF89a')) return 'gif';
  const riff = data.subarray(0, 4).toString('latin1') === 'RIFF';
  if (data.length >= 12 && riff && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

export function uploadsRoot(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** The URL an upload stored at `path` is served at. */
export function uploadUrl(path: string): string {
  return `${UPLOAD_URL_PREFIX}${path}`;
}

/** Writes a new file at DATA_DIR/uploads/<path>; fails rather than overwrite one that exists. */
export async function writeUploadFile(dataDir: string, path: string, data: Buffer): Promise<void> {
  const file = join(uploadsRoot(dataDir), path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data, { flag: 'wx', mode: 0o644 });
}

/**
 * The upload stored at `folder`/`name` with its content type, or null: only names the server makes
 * are looked up (no path from a request reaches the file system), and a missing file is null too.
 */
export async function readStoredUpload(
  dataDir: string,
  folder: '' | 'avatars' | 'support',
  name: string,
): Promise<{ data: Buffer; contentType: string } | null> {
  const ext = STORED_NAME.exec(name)?.[1] as ImageExt | undefined;
  if (!ext) return null;
  try {
    return {
      data: await readFile(join(uploadsRoot(dataDir), folder, name)),
      contentType: IMAGE_CONTENT_TYPES[ext],
    };
  } catch {
    return null;
  }
}

/** Removes the upload at `path`; false when it was not removed (already gone, or not an upload's path). */
export async function removeUploadFile(dataDir: string, path: string): Promise<boolean> {
  // Only names the server makes, inside the uploads folders (a path is never a way out of them).
  const [folder, name] = path.includes('/') ? path.split('/', 2) : ['', path];
  if (!FOLDERS.includes(folder ?? '') || !STORED_NAME.test(name ?? '')) return false;
  try {
    await unlink(join(uploadsRoot(dataDir), path));
    return true;
  } catch {
    return false; // already gone
  }
}

/** Up to `limit` stored uploads on disk last written before `cutoffMs`, as paths under DATA_DIR/uploads. */
export async function uploadFilesOlderThan(
  dataDir: string,
  cutoffMs: number,
  limit: number,
): Promise<string[]> {
  const old: string[] = [];
  for (const folder of FOLDERS) {
    const dir = join(uploadsRoot(dataDir), folder);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (old.length >= limit) break;
      if (!STORED_NAME.test(name)) continue;
      const info = await stat(join(dir, name)).catch(() => null);
      if (info?.isFile() && info.mtimeMs < cutoffMs) old.push(folder ? `${folder}/${name}` : name);
    }
  }
  return old;
}
