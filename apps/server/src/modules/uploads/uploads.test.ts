/**
 * Issue 13 item 6: uploads have a per-member rate and daily quota, every stored file has its row in
 * `uploads`, and a job removes files nothing refers to (rows and files), keeping referenced ones.
 */
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TRIAL_ACCOUNT } from '@app/contract/auth';
import { VOUCHER_FILE_FIELD } from '@app/contract/cashier';
import { MSG_UPLOAD_DAILY_QUOTA, MSG_UPLOAD_TOO_FAST, UPLOAD_LIMITS } from '@app/contract/uploads';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, beijingDayStart, now, resetClock, setClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { withdrawals } from '../../db/schema/money';
import { uploads } from '../../db/schema/uploads';
import { buildApp } from '../../app';
import { buildTestApp, type Reply, type TestApp } from '../../../test/helpers';
import { uploadsRoot } from '../../core/uploads';
import { removeUnreferencedUploads, reserveUpload, UNREFERENCED_UPLOAD_TTL_MS } from './service';

const PNG = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.alloc(24)]);
const MB = 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  // 02:00 Beijing: a day of room ahead for the clock moves below.
  setClock(beijingDayStart(Date.now()) + 2 * 3600_000);
});
afterEach(() => {
  resetClock();
});
afterAll(async () => {
  await t.close();
});

/** POST a multipart form with one image file (a voucher by default). */
async function upload(
  token: string,
  data: Buffer = PNG,
  url = '/api/upload_voucher',
  field = VOUCHER_FILE_FIELD,
) {
  const boundary = 'uploadsTestBoundary42';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  const body = JSON.parse(res.body) as NonNullable<Reply['body']>;
  return { status: res.statusCode, message: body.message, data: body.data as Record<string, string> | null };
}
/** A real 1×1 PNG: an avatar must decode (image-size reads it), not only start like a PNG. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const avatar = (token: string, data: Buffer = AVATAR_PNG) => upload(token, data, '/api/uploadimg', 'file');
/** A PNG of `bytes` bytes. */
const pngOf = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);
const rowsOf = (userId: number) => t.db.select().from(uploads).where(eq(uploads.userId, userId));

describe('rate and daily quota per member', () => {
  it('records each stored file; the 11th upload within a minute is refused with the message', async () => {
    const m = await t.newMember();
    const paths: string[] = [];
    for (let i = 0; i < UPLOAD_LIMITS.perMinute - 1; i += 1) {
      const r = await upload(m.token);
      expect(r.status).toBe(200);
      paths.push(r.data?.path ?? '');
    }
    // Avatars count toward the same limit.
    const a = await avatar(m.token);
    expect(a.status).toBe(200);
    paths.push(a.data?.avatar ?? '');
    const eleventh = await upload(m.token);
    expect([eleventh.status, eleventh.message]).toEqual([429, MSG_UPLOAD_TOO_FAST]);
    expect(MSG_UPLOAD_TOO_FAST).toBe('上传过于频繁，请1分钟后再试');

    const rows = await rowsOf(m.id);
    expect(rows.map((r) => `/uploads/${r.path}`).sort()).toEqual([...paths].sort());
    for (const r of rows) {
      expect(r.bytes).toBe(r.path.startsWith('avatars/') ? AVATAR_PNG.length : PNG.length);
      expect(existsSync(join(uploadsRoot(t.config.dataDir), r.path))).toBe(true);
    }
    // A minute later the member may upload again.
    advanceClock(61_000);
    expect((await upload(m.token)).status).toBe(200);
  });

  it('allows 30 files per Beijing day, then refuses until the next day', async () => {
    const m = await t.newMember();
    for (let i = 0; i < UPLOAD_LIMITS.perDay; i += 1) {
      if (i > 0 && i % UPLOAD_LIMITS.perMinute === 0) advanceClock(61_000);
      expect((await upload(m.token)).status, `upload ${i + 1}`).toBe(200);
    }
    advanceClock(61_000);
    const over = await upload(m.token);
    expect([over.status, over.message]).toEqual([429, MSG_UPLOAD_DAILY_QUOTA]);
    expect(over.message).toBe('今日上传已达上限（30张或20MB），请明天再试');
    expect(await rowsOf(m.id)).toHaveLength(UPLOAD_LIMITS.perDay);
    advanceClock(beijingDayStart(now()) + 86_400_000 - now());
    expect((await upload(m.token)).status).toBe(200);
  });

  it('allows 20 MB per Beijing day', async () => {
    const m = await t.newMember();
    const big = pngOf(2 * MB - 1024);
    for (let i = 0; i < 10; i += 1) expect((await upload(m.token, big)).status).toBe(200);
    advanceClock(61_000);
    // 10 × (2 MB − 1 KB) stored: another large file would pass 20 MB, a small one fits.
    const over = await upload(m.token, big);
    expect([over.status, over.message]).toEqual([429, MSG_UPLOAD_DAILY_QUOTA]);
    expect((await upload(m.token, pngOf(8 * 1024))).status).toBe(200);
  });

  it('the shared trial account has the same quota', async () => {
    const token = await t.login(TRIAL_ACCOUNT.name, TRIAL_ACCOUNT.password);
    for (let i = 0; i < UPLOAD_LIMITS.perMinute; i += 1) expect((await upload(token)).status).toBe(200);
    const over = await upload(token);
    expect([over.status, over.message]).toEqual([429, MSG_UPLOAD_TOO_FAST]);
  });

  it('counts concurrent uploads one at a time: 16 at once store exactly 10', async () => {
    const m = await t.newMember();
    const replies = await Promise.all(Array.from({ length: 16 }, () => upload(m.token)));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(UPLOAD_LIMITS.perMinute);
    expect(replies.filter((r) => r.status === 429 && r.message === MSG_UPLOAD_TOO_FAST)).toHaveLength(6);
    expect(await rowsOf(m.id)).toHaveLength(UPLOAD_LIMITS.perMinute);
    // The check itself, without the HTTP layer in between: 40 reservations at once, 10 pass.
    const other = await t.newMember();
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        reserveUpload(t.db, other.id, `${String(i).padStart(32, '0')}.png`, 10),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(UPLOAD_LIMITS.perMinute);
    expect(await rowsOf(other.id)).toHaveLength(UPLOAD_LIMITS.perMinute);
  });
});

describe('the job that removes unreferenced uploads', () => {
  // Its own app and database: the uploads of the tests above must not count here.
  let shared: TestApp;
  beforeAll(async () => {
    shared = t;
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    t = shared;
  });

  it('removes old files nothing refers to (file and row), keeps referenced and recent ones', async () => {
    const m = await t.newMember();
    const root = uploadsRoot(t.config.dataDir);
    const voucher = (await upload(m.token)).data?.path ?? '';
    const qr = (await upload(m.token)).data?.path ?? '';
    const replacedAvatar = (await avatar(m.token)).data?.avatar ?? '';
    const currentAvatar = (await avatar(m.token)).data?.avatar ?? '';
    // A WeChat withdrawal refers to its QR code by URL.
    await t.db.insert(withdrawals).values({
      orderNo: `Wjob${m.id}`,
      userId: m.id,
      kind: 'wechat',
      amountCents: 10_000n,
      account: qr,
      state: 1,
      createdAt: new Date(now()),
    });
    // Files stored before rows were kept: one nothing refers to, one that is someone's avatar.
    await mkdir(join(root, 'avatars'), { recursive: true });
    const strayOld = `${'a'.repeat(32)}.png`;
    const strayUsed = `avatars/${'b'.repeat(32)}.png`;
    for (const p of [strayOld, strayUsed]) {
      await writeFile(join(root, p), PNG);
      const longAgo = new Date(Date.now() - 3 * UNREFERENCED_UPLOAD_TTL_MS);
      await utimes(join(root, p), longAgo, longAgo);
    }
    const other = await t.newMember();
    await t.db
      .update(users)
      .set({ avatar: `/uploads/${strayUsed}` })
      .where(eq(users.id, other.id));

    advanceClock(UNREFERENCED_UPLOAD_TTL_MS - 60_000);
    const fresh = (await upload(m.token)).data?.path ?? '';
    advanceClock(2 * 60_000);

    const removed = await removeUnreferencedUploads(t.db, t.config.dataDir);
    const onDisk = (url: string) => existsSync(join(root, url.replace(/^\/uploads\//, '')));
    const rows = (await rowsOf(m.id)).map((r) => `/uploads/${r.path}`);
    // Removed: the unused voucher (file and row), the replaced avatar's row (its file went at once).
    expect(onDisk(voucher)).toBe(false);
    expect(rows).not.toContain(voucher);
    expect(rows).not.toContain(replacedAvatar);
    expect(onDisk(`/uploads/${strayOld}`)).toBe(false);
    // Kept: the QR code of a withdrawal, the current avatar, a recent file, a referenced old file.
    for (const kept of [qr, currentAvatar, fresh]) {
      expect(onDisk(kept), kept).toBe(true);
      expect(rows, kept).toContain(kept);
    }
    expect(onDisk(`/uploads/${strayUsed}`)).toBe(true);
    expect(removed).toEqual({ rows: 2, files: 2 });
    // Nothing more to do on a second run.
    expect(await removeUnreferencedUploads(t.db, t.config.dataDir)).toEqual({ rows: 0, files: 0 });
  });

  it('runs with the scheduled work once the app listens (leader)', async () => {
    const m = await t.newMember();
    const name = `${'c'.repeat(32)}.png`;
    await mkdir(uploadsRoot(t.config.dataDir), { recursive: true });
    await writeFile(join(uploadsRoot(t.config.dataDir), name), PNG);
    await t.db.insert(uploads).values({
      userId: m.id,
      path: name,
      bytes: PNG.length,
      createdAt: new Date(now() - UNREFERENCED_UPLOAD_TTL_MS - 60_000),
    });
    const app = await buildApp({ config: t.config, db: t.db, logger: false, scheduledJobs: true });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      for (const end = Date.now() + 10_000; existsSync(join(uploadsRoot(t.config.dataDir), name));) {
        if (Date.now() > end) throw new Error('the job did not remove the file');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await t.db.select().from(uploads).where(eq(uploads.path, name))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
