import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TRIAL_ACCOUNT } from '@app/contract/auth';
import { describe, expect, it } from 'vitest';
import { dataOf, type Reply } from '../../../test/helpers';
import { MSG_IMAGE_BROKEN } from '../uploads/service';
import { avatarDir, MSG_AVATAR_TYPE, MSG_CHOOSE_IMAGE } from './service';
import { memberTestApp, refused, t } from './test-support';

memberTestApp();

/* Pictures ----------------------------------------------------------------------------------------- */

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 1×1 GIF89a. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A real 1×1 baseline JPEG. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
    '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
/** JPEGs that only start like one: the JFIF header then zeros, and a real one cut at 22 bytes. */
const BROKEN_JPEGS = [
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
    Buffer.alloc(32),
  ]),
  JPEG.subarray(0, 22),
];
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const WEBP = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(24)]);

interface Part {
  field?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/** POST /api/uploadimg as multipart/form-data, built by hand so the test controls every byte. */
async function upload(token: string | null, parts: Part[]): Promise<Reply> {
  const boundary = '----memberTest7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${
          p.filename ?? 'a.png'
        }"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploadimg',
    payload: Buffer.concat(chunks),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  let body: Reply['body'] = null;
  try {
    body = JSON.parse(res.body) as Reply['body'];
  } catch {
    body = null;
  }
  return { status: res.statusCode, body, headers: res.headers, text: res.body };
}

const avatarOf = async (token: string) =>
  dataOf<{ avatar: string }>(await t.post('/api/user', {}, { token })).avatar;

describe('uploadimg', () => {
  it('stores a PNG under DATA_DIR/uploads/avatars with a random name, sets the avatar and serves it', async () => {
    const m = await t.newMember();
    const r = await upload(m.token, [{ filename: '../../../etc/passwd.png', data: PNG }]);
    expect(r.body?.message).toBe('上传成功');
    const { avatar } = dataOf<{ avatar: string }>(r);
    expect(avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    expect(await avatarOf(m.token)).toBe(avatar);

    const name = avatar.split('/').pop() ?? '';
    expect(await readdir(avatarDir(t.config.dataDir))).toContain(name);
    expect(await readFile(join(avatarDir(t.config.dataDir), name))).toEqual(PNG);
    // Nothing was written where the client's file name pointed.
    await expect(readdir(join(t.config.dataDir, 'etc'))).rejects.toThrow();

    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload).toEqual(PNG);
  });

  it('takes GIF and JPEG by their content whatever name and type the client gives; a new upload replaces the old file', async () => {
    const m = await t.newMember();
    const gif = dataOf<{ avatar: string }>(
      await upload(m.token, [{ filename: 'x.txt', type: 'text/plain', data: GIF }]),
    ).avatar;
    expect(gif).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.gif$/);
    expect((await t.app.inject({ method: 'GET', url: gif })).headers['content-type']).toBe('image/gif');

    const jpg = dataOf<{ avatar: string }>(
      await upload(m.token, [{ filename: 'photo.png', type: 'image/png', data: JPEG }]),
    ).avatar;
    expect(jpg).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: jpg })).headers['content-type']).toBe('image/jpeg');
    expect(await avatarOf(m.token)).toBe(jpg);
    // The GIF is nobody's avatar any more.
    expect((await t.app.inject({ method: 'GET', url: gif })).statusCode).toBe(404);
  });

  it('refuses an SVG or HTML renamed .png, WEBP, text and empty files; the avatar stays', async () => {
    const m = await t.newMember();
    const before = await avatarOf(m.token);
    const files = await readdir(avatarDir(t.config.dataDir)).catch(() => [] as string[]);
    for (const data of [SVG, HTML, WEBP, Buffer.from('GIF8'), PNG.subarray(0, 8), Buffer.from('hello')]) {
      expect(refused(await upload(m.token, [{ filename: 'avatar.png', type: 'image/png', data }]))).toEqual([
        400,
        MSG_AVATAR_TYPE,
      ]);
    }
    expect(refused(await upload(m.token, [{ data: Buffer.alloc(0) }]))).toEqual([400, MSG_CHOOSE_IMAGE]);
    expect(refused(await upload(m.token, [{ field: 'avatar', data: PNG }]))).toEqual([400, MSG_CHOOSE_IMAGE]);
    expect(refused(await t.post('/api/uploadimg', {}, { token: m.token }))).toEqual([400, MSG_CHOOSE_IMAGE]);
    expect(await avatarOf(m.token)).toBe(before);
    expect((await readdir(avatarDir(t.config.dataDir)).catch(() => [] as string[])).sort()).toEqual(
      files.sort(),
    );
  });

  it('refuses a corrupt JPEG in Chinese; the avatar and the folder stay as they were', async () => {
    const m = await t.newMember();
    const before = await avatarOf(m.token);
    const files = await readdir(avatarDir(t.config.dataDir)).catch(() => [] as string[]);
    for (const data of BROKEN_JPEGS) {
      expect(refused(await upload(m.token, [{ filename: 'avatar.jpg', type: 'image/jpeg', data }]))).toEqual([
        400,
        MSG_IMAGE_BROKEN,
      ]);
    }
    expect(await avatarOf(m.token)).toBe(before);
    expect((await readdir(avatarDir(t.config.dataDir)).catch(() => [] as string[])).sort()).toEqual(
      files.sort(),
    );
  });

  it('refuses a file over the size cap (2 MB) with 413', async () => {
    const m = await t.newMember();
    const before = await avatarOf(m.token);
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const [status, message] = refused(await upload(m.token, [{ data: huge }]));
    expect(status).toBe(413);
    expect(['图片不能超过2MB', '请求内容过大']).toContain(message);
    expect(await avatarOf(m.token)).toBe(before);
  });

  it('needs a member, and not the shared trial account', async () => {
    expect(refused(await upload(null, [{ data: PNG }]))).toEqual([401, '请先登录']);
    const trial = await t.login(TRIAL_ACCOUNT.name, TRIAL_ACCOUNT.password);
    expect(refused(await upload(trial, [{ data: PNG }]))).toEqual([403, '试玩账号不支持此操作']);
  });

  it('serves only names the server made: no path tricks, no other files', async () => {
    const dir = avatarDir(t.config.dataDir);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'evil.html'), HTML);
    await writeFile(join(t.config.dataDir, 'secret.txt'), 'secret');
    for (const url of [
      '/uploads/avatars/evil.html',
      '/uploads/avatars/..%2Fsecret.txt',
      '/uploads/avatars/..%2F..%2Fsecret.txt',
      '/uploads/avatars/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/uploads/avatars/..\\..\\secret.txt',
      '/uploads/avatars/../../secret.txt',
      `/uploads/avatars/${'A'.repeat(32)}.png`,
      `/uploads/avatars/${'0'.repeat(32)}.png`,
      `/uploads/avatars/${'0'.repeat(32)}.png%00.html`,
      `/uploads/avatars/${'0'.repeat(32)}.svg`,
    ]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.body).not.toContain('secret');
      expect(r.body).not.toContain('<script>');
    }
  });
});
