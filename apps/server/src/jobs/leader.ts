/**
 * Scheduled work runs in exactly one process at a time (architecture 'What runs').
 *
 * On PostgreSQL the leader is the process holding a session advisory lock on a dedicated connection
 * (not a pooled one, which would be handed back and reused while still holding the lock). When the
 * leader dies its connection closes, PostgreSQL releases the lock, and another process, retrying every
 * few seconds, takes over. On the embedded database there is one process: it is always the leader.
 *
 * Leadership only decides who does the work; the work itself stays safe if two processes ever run it
 * together (a leader whose connection silently died), through its guarded updates.
 */
import pg from 'pg';

/** pg_try_advisory_lock key of the scheduled work (727_001 is the start-up migrate/seed lock). */
export const JOBS_LOCK_KEY = 727_002;

export interface LeaderLoopOptions {
  /** PostgreSQL connection string; unset = the embedded database (always leader). */
  databaseUrl?: string | undefined;
  lockKey?: number;
  /** Pause between two runs of `tick` while leader. */
  tickMs: number;
  /** Pause between two attempts to become leader. */
  retryMs: number;
  tick: () => Promise<void>;
  onError?: (err: unknown, where: 'tick' | 'lock') => void;
  onLeadership?: (leader: boolean) => void;
}

export interface LeaderLoop {
  isLeader(): boolean;
  /** Stops ticking, waits for a tick in flight, and releases the lock (closes the connection). */
  stop(): Promise<void>;
}

export function startLeaderLoop(opts: LeaderLoopOptions): LeaderLoop {
  const lockKey = opts.lockKey ?? JOBS_LOCK_KEY;
  let stopped = false;
  let leader = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const setLeader = (value: boolean) => {
    if (leader !== value) {
      leader = value;
      opts.onLeadership?.(value);
    }
  };

  const dropClient = async () => {
    const c = client;
    client = null;
    setLeader(false);
    if (c) await c.end().catch(() => undefined);
  };

  /** Becomes (or checks it still is) leader; false when another process holds the lock. */
  const holdLock = async (): Promise<boolean> => {
    if (!opts.databaseUrl) return true;
    if (client) {
      try {
        // A dead connection means the lock is gone too.
        await client.query('select 1');
        return true;
      } catch (err) {
        opts.onError?.(err, 'lock');
        await dropClient();
        return false;
      }
    }
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    c.on('error', (err) => {
      opts.onError?.(err, 'lock');
      if (client === c) void dropClient();
    });
    try {
      await c.connect();
      const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [lockKey]);
      if (rows[0]?.ok) {
        client = c;
        return true;
      }
    } catch (err) {
      opts.onError?.(err, 'lock');
    }
    // Not leader: hold no connection while waiting.
    await c.end().catch(() => undefined);
    return false;
  };

  const loop = async () => {
    if (stopped) return;
    let wait = opts.retryMs;
    if (await holdLock()) {
      setLeader(true);
      wait = opts.tickMs;
      try {
        if (!stopped) await opts.tick();
      } catch (err) {
        opts.onError?.(err, 'tick');
      }
    }
    if (!stopped) {
      timer = setTimeout(() => {
        running = loop();
      }, wait);
    }
  };

  running = loop();
  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await dropClient();
    },
  };
}
