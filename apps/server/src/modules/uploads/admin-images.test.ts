import { MSG_IMAGE_INVALID, MSG_IMAGE_TOO_LARGE } from '@app/contract/console-uploads';
import { IMAGE_UPLOAD_MAX_BYTES } from '@app/contract/uploads';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/operators';
import { uploads } from '../../db/schema/uploads';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { PNG_BASE64 } from '../../../test/console-samples/uploads';

/* An operator's image upload: proved by its bytes, stored under a random name, served to members,
 * recorded in `uploads` (no member) and in the audit log. */

let t: TestApp;
let c: TestConsole;
let content: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  content = await c.signIn('content');
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

describe('consoleUploadImage', () => {
  it('stores a picture, serves it to members and audits it', async () => {
    const res = await content.post('/api/uploads/image', { data: PNG_BASE64 });
    const { url } = dataOf<{ url: string }>(res);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    const preview = await c.send('GET', url, { cookie: content.cookie });
    expect(preview.status).toBe(200);
    expect((await c.send('GET', url)).status).toBe(401);
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.path, url.slice('/uploads/'.length)));
    expect(row?.userId).toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upload.image'), eq(auditLog.targetId, url)))
      .orderBy(desc(auditLog.id));
    expect(audit?.operatorName).toBe(content.name);
  });

  it('refuses what is not a picture, whatever it is called, and what is too large', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const data of [svg.toString('base64'), 'not base64!', Buffer.from('GIF8').toString('base64')]) {
      const res = await content.post('/api/uploads/image', { data });
      expect(res.body).toMatchObject({ code: 400, message: MSG_IMAGE_INVALID });
    }
    const big = Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 3);
    Buffer.from(PNG_BASE64, 'base64').copy(big);
    const res = await content.post('/api/uploads/image', { data: big.toString('base64') });
    expect(res.body).toMatchObject({ code: 400, message: MSG_IMAGE_TOO_LARGE });
  });
});
