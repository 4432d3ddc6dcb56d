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

/** The loop's state, shared by the helpers below. */
interface LoopState {
  readonly opts: LeaderLoopOptions;
  readonly lockKey: number;
  stopped: boolean;
  leader: boolean;
  /** The dedicated connection holding the lock, while leader on PostgreSQL. */
  client: pg.Client | null;
  timer: NodeJS.Timeout | null;
  running: Promise<void>;
}

function setLeader(s: LoopState, value: boolean): void {
  if (s.leader !== value) {
    s.leader = value;
    s.opts.onLeadership?.(value);
  }
}

async function dropClient(s: LoopState): Promise<void> {
  const c = s.client;
  s.client = null;
  setLeader(s, false);
  if (c) await c.end().catch(() => undefined);
}

/** Becomes (or checks it still is) leader; false when another process holds the lock. */
async function holdLock(s: LoopState): Promise<boolean> {
  if (!s.opts.databaseUrl) return true;
  if (s.client) return stillHoldsLock(s, s.client);
  return takeLock(s, s.opts.databaseUrl);
}

async function stillHoldsLock(s: LoopState, client: pg.Client): Promise<boolean> {
  try {
    // A dead connection means the lock is gone too.
    await client.query('select 1');
    return true;
  } catch (err) {
    s.opts.onError?.(err, 'lock');
    await dropClient(s);
    return false;
  }
}

async function takeLock(s: LoopState, databaseUrl: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on('error', (err) => {
    s.opts.onError?.(err, 'lock');
    if (s.client === c) void dropClient(s);
  });
  try {
    await c.connect();
    const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [s.lockKey]);
    if (rows[0]?.ok) {
      s.client = c;
      return true;
    }
  } catch (err) {
    s.opts.onError?.(err, 'lock');
  }
  // Not leader: hold no connection while waiting.
  await c.end().catch(() => undefined);
  return false;
}

async function loop(s: LoopState): Promise<void> {
  if (s.stopped) return;
  let wait = s.opts.retryMs;
  if (await holdLock(s)) {
    setLeader(s, true);
    wait = s.opts.tickMs;
    try {
      if (!s.stopped) await s.opts.tick();
    } catch (err) {
      s.opts.onError?.(err, 'tick');
    }
  }
  if (!s.stopped) {
    s.timer = setTimeout(() => {
      s.running = loop(s);
    }, wait);
  }
}

export function startLeaderLoop(opts: LeaderLoopOptions): LeaderLoop {
  const s: LoopState = {
    opts,
    lockKey: opts.lockKey ?? JOBS_LOCK_KEY,
    stopped: false,
    leader: false,
    client: null,
    timer: null,
    running: Promise.resolve(),
  };
  s.running = loop(s);
  return {
    isLeader: () => s.leader,
    async stop() {
      s.stopped = true;
      if (s.timer) clearTimeout(s.timer);
      await s.running;
      await dropClient(s);
    },
  };
}
