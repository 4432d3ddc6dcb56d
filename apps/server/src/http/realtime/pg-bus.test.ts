import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { postgresHandle, type DatabaseHandle } from '../../db/client';
import {
  fitMessage,
  MAX_NOTIFY_BYTES,
  pgRoomBus,
  readEnvelope,
  readRevocation,
  revocationPayload,
  type PgRoomBus,
} from './pg-bus';
import { deskPayload, readDeskEvent } from './envelopes';
import type { DeskEvent, Revocation, RoomMessage } from './room-bus';

const chat = (content: string, id = 7): RoomMessage => ({
  sysmsg: false,
  id,
  author: 'alice',
  avatar: '',
  content,
  type: 'chat',
  time: '2026-01-01 12:00:00',
});

describe('fitting a message into a NOTIFY payload', () => {
  it('leaves a small message as it is', () => {
    const m = chat('你好');
    const fitted = fitMessage('abc', 3, m);
    expect(fitted?.message).toBe(m);
    expect(readEnvelope(fitted?.payload)).toEqual({ o: 'abc', r: 3, m });
  });

  it('cuts the content of a big one, by whole characters, to fit under 8000 bytes', () => {
    const m = chat('大100 😀'.repeat(2000));
    const fitted = fitMessage('abc', 3, m);
    expect(fitted).not.toBeNull();
    expect(Buffer.byteLength(fitted?.payload ?? '')).toBeLessThanOrEqual(MAX_NOTIFY_BYTES);
    expect(Buffer.byteLength(fitted?.payload ?? '')).toBeGreaterThan(MAX_NOTIFY_BYTES - 40);
    const content = fitted?.message.content ?? '';
    expect(content.endsWith('…')).toBe(true);
    expect(m.content.startsWith(content.slice(0, -1))).toBe(true);
    expect(content).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no half of a surrogate pair
  });

  it('gives up on a message too big even without content', () => {
    const m: RoomMessage = { ...chat('x'), result: { blob: 'y'.repeat(9000) } };
    expect(fitMessage('abc', 3, m)).toBeNull();
  });

  it('ignores payloads not in its shape', () => {
    for (const p of ['', 'garbage', '[]', '{"o":"a","r":1}', '{"o":"a","r":1.5,"m":{}}', 'null']) {
      expect(readEnvelope(p)).toBeNull();
    }
  });
});

describe('desk event notifications', () => {
  it('read back what they carry; anything out of shape is not one', () => {
    const e: DeskEvent = { k: 'state', c: 3, change: 'closed' };
    expect(readDeskEvent(JSON.parse(deskPayload('abc', e)) as Record<string, unknown>)).toEqual({
      o: 'abc',
      event: e,
    });
    expect(readEnvelope(deskPayload('abc', e))).toBeNull();
    expect(readRevocation(deskPayload('abc', e))).toBeNull();
    for (const v of [
      { k: 'state', c: 3, change: 'nope' },
      { k: 'msg', c: 0, from: 1, to: 2 },
      { k: 'x' },
      null,
    ]) {
      expect(readDeskEvent({ o: 'abc', k: 'desk', v })).toBeNull();
    }
  });
});

describe('revocation notifications', () => {
  it('read back what they carry, and are never read as room messages', () => {
    for (const r of [
      { userId: 4, sessionIds: [9, 10], reason: 'revoked' },
      { userId: 4, sessionIds: null, reason: 'blocked' },
    ] satisfies Revocation[]) {
      const payload = revocationPayload('abc', r);
      expect(readRevocation(payload)).toEqual({ o: 'abc', revocation: r });
      expect(readEnvelope(payload)).toBeNull();
    }
    expect(readRevocation(fitMessage('abc', 3, chat('hi'))?.payload)).toBeNull();
    for (const p of [
      '',
      'x',
      '{"o":"a","k":"revoke","v":{"u":1,"s":[1.5],"b":false}}',
      '{"o":"a","k":"revoke"}',
    ]) {
      expect(readRevocation(p)).toBeNull();
    }
  });
});

const info = inject('serverTestDb');
const url = info.kind === 'postgres' ? info.adminUrl : undefined;

/** Runs in the server-pg project only (TEST_DATABASE_URL). */
describe.runIf(url)('PostgreSQL room bus', () => {
  const silent = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  };
  // A channel of this file's own: other runs on the same database never see its messages.
  const channel = `room_test_${randomBytes(5).toString('hex')}`;
  let database: DatabaseHandle;
  let a: PgRoomBus;
  let b: PgRoomBus;

  beforeAll(async () => {
    database = postgresHandle(url ?? '', 3);
    a = pgRoomBus({ connectionString: url ?? '', db: database.db, log: silent, channel });
    b = pgRoomBus({ connectionString: url ?? '', db: database.db, log: silent, channel });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  /** Collects what a bus delivers for a room. */
  function collect(bus: PgRoomBus, roomId: number) {
    const got: RoomMessage[] = [];
    const stop = bus.subscribe(roomId, (m) => got.push(m));
    return { got, stop };
  }
  const until = async (cond: () => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('delivers a message published on one bus to the subscribers of both, once each, per room', async () => {
    const onA = collect(a, 1);
    const onB = collect(b, 1);
    const otherRoom = collect(b, 2);
    await a.publish(1, chat('hello from a'));
    await until(() => onB.got.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(onA.got.map((m) => m.content)).toEqual(['hello from a']);
    expect(onB.got).toEqual([chat('hello from a')]);
    expect(otherRoom.got).toEqual([]);
    for (const c of [onA, onB, otherRoom]) c.stop();
  });

  it('keeps the order of one publisher', async () => {
    const onB = collect(b, 5);
    for (let i = 0; i < 20; i++) await a.publish(5, chat(`m${i}`));
    await until(() => onB.got.length === 20);
    expect(onB.got.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    onB.stop();
  });

  it('delivers an oversized message with its content cut', async () => {
    const onB = collect(b, 3);
    await a.publish(3, chat('长'.repeat(5000)));
    await until(() => onB.got.length === 1);
    expect(onB.got[0]?.content.endsWith('…')).toBe(true);
    expect(onB.got[0]?.content.length).toBeGreaterThan(1000);
    onB.stop();
  });

  it("ignores someone else's notifications on the channel", async () => {
    const onB = collect(b, 1);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('select pg_notify($1, $2)', [channel, 'not json']);
    await c.query('select pg_notify($1, $2)', [channel, JSON.stringify({ o: 'x', r: 1, m: { nope: 1 } })]);
    await c.end();
    await a.publish(1, chat('after the noise'));
    await until(() => onB.got.length === 1);
    expect(onB.got[0]?.content).toBe('after the noise');
    onB.stop();
  });

  it('listens again after its connection is killed, and delivers what is published after that', async () => {
    const onB = collect(b, 9);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where application_name = 'room-bus' and query = $1`,
        [`listen ${channel}`],
      );
      expect(rows[0]?.n).toBe(2);
    } finally {
      await admin.end();
    }
    // What is published while b is down is lost (documented): publish until one gets through.
    const end = Date.now() + 5000;
    for (let i = 0; onB.got.length === 0; i++) {
      if (Date.now() > end) throw new Error('bus b did not listen again');
      await a.publish(9, chat(`try ${i}`));
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(b.listening).toBe(true);
    expect(onB.got[0]?.content).toMatch(/^try \d+$/);
    onB.stop();
  });

  it('delivers a revocation to both buses once each; a long list of sessions in several notifications', async () => {
    const onA: Revocation[] = [];
    const onB: Revocation[] = [];
    const stops = [a.onRevocation((r) => onA.push(r)), b.onRevocation((r) => onB.push(r))];
    const block: Revocation = { userId: 3, sessionIds: null, reason: 'blocked' };
    await a.publishRevocation(block);
    expect(onA).toEqual([block]); // at once, before any round trip
    await until(() => onB.length === 1);
    expect(onB).toEqual([block]);
    const many = Array.from({ length: 1200 }, (_, i) => 1_000_000_000 + i);
    await a.publishRevocation({ userId: 3, sessionIds: many, reason: 'revoked' });
    await until(() => onB.flatMap((r) => r.sessionIds ?? []).length === many.length);
    expect(onB.flatMap((r) => r.sessionIds ?? [])).toEqual(many);
    expect(onB.length).toBe(1 + 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(onA.length).toBe(2);
    for (const stop of stops) stop();
  });

  it('delivers a desk event to both buses once each, never as a room message or a revocation', async () => {
    const onA: DeskEvent[] = [];
    const onB: DeskEvent[] = [];
    const others: unknown[] = [];
    const stops = [
      a.onDesk((e) => onA.push(e)),
      b.onDesk((e) => onB.push(e)),
      b.onRevocation((r) => others.push(r)),
      b.subscribe(1, (m) => others.push(m)),
    ];
    const events: DeskEvent[] = [
      { k: 'msg', c: 5, from: 10, to: 12 },
      { k: 'typing', c: 5, side: 'member', on: true },
      { k: 'online' },
    ];
    for (const e of events) await a.publishDesk(e);
    expect(onA).toEqual(events); // at once, before any round trip
    await until(() => onB.length === events.length);
    expect(onB).toEqual(events);
    expect(others).toEqual([]);
    for (const stop of stops) stop();
  });

  it('still delivers to its own process while its listening connection is down', async () => {
    const lonely = pgRoomBus({
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      db: database.db,
      log: silent,
      channel,
    });
    const onLonely = collect(lonely, 4);
    await lonely.publish(4, chat('local only'));
    expect(onLonely.got.map((m) => m.content)).toEqual(['local only']);
    expect(lonely.listening).toBe(false);
    await lonely.close();
    await expect(lonely.ready()).resolves.toBeUndefined();
  });
});
