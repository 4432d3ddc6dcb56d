import { randomInt } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startLeaderLoop, type LeaderLoop } from './leader';

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

function counting(databaseUrl: string | undefined, lockKey: number) {
  const state = { ticks: 0, loop: null as LeaderLoop | null, leadership: [] as boolean[] };
  state.loop = startLeaderLoop({
    databaseUrl,
    lockKey,
    tickMs: 10,
    retryMs: 30,
    onLeadership: (leader) => state.leadership.push(leader),
    tick: async () => {
      state.ticks++;
    },
  });
  return state;
}

describe('the leader of the scheduled work', () => {
  it('without PostgreSQL (one embedded database, one process) it leads at once and ticks until stopped', async () => {
    const one = counting(undefined, 1);
    await until(() => one.ticks >= 3);
    expect(one.loop?.isLeader()).toBe(true);
    await one.loop?.stop();
    const stoppedAt = one.ticks;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(one.ticks).toBe(stoppedAt);
  });

  it('on PostgreSQL one process holds the lock; when it goes, another takes over', async (ctx) => {
    const info = inject('serverTestDb');
    if (info.kind !== 'postgres') return ctx.skip();
    const key = randomInt(1_000_000, 2_000_000_000);
    const a = counting(info.adminUrl, key);
    await until(() => a.ticks > 0);
    const b = counting(info.adminUrl, key);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([a.loop?.isLeader(), b.loop?.isLeader()]).toEqual([true, false]);
    expect(b.ticks).toBe(0);
    // The leader stops (its connection closes, as when its process dies): the other takes over.
    await a.loop?.stop();
    await until(() => b.ticks > 0);
    expect(b.loop?.isLeader()).toBe(true);
    await b.loop?.stop();
  });

  it('on PostgreSQL a leader whose connection is cut loses the lead; another takes over', async (ctx) => {
    const info = inject('serverTestDb');
    if (info.kind !== 'postgres') return ctx.skip();
    const key = randomInt(1_000_000, 2_000_000_000);
    const a = counting(info.adminUrl, key);
    await until(() => a.ticks > 0);
    const b = counting(info.adminUrl, key);
    const admin = new pg.Client({ connectionString: info.adminUrl });
    await admin.connect();
    try {
      // What the database sees when the leader's machine dies: its session ends, the lock with it.
      const { rows } = await admin.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_locks
         where locktype = 'advisory' and objid = $1 and granted`,
        [key],
      );
      expect(rows.map((r) => r.ok)).toEqual([true]);
    } finally {
      await admin.end();
    }
    await until(() => a.leadership.includes(false));
    // Whoever gets the lock next (b, or a reconnecting first) leads alone, and ticks go on.
    await until(() => a.loop?.isLeader() !== b.loop?.isLeader());
    const total = a.ticks + b.ticks;
    await until(() => a.ticks + b.ticks > total + 2);
    expect([a.loop?.isLeader(), b.loop?.isLeader()].filter(Boolean)).toHaveLength(1);
    await Promise.all([a.loop?.stop(), b.loop?.stop()]);
  });
});
