/**
 * Stopping the server on SIGTERM / SIGINT. The process must end within FORCE_EXIT_MS whatever its
 * output does: when the parent that started it has exited, stdout and stderr are pipes nobody reads,
 * and a write to them fails (EPIPE). So the force-exit timer is set before anything else, and no log
 * write can throw or reject out of the shutdown.
 */

/** The longest a shutdown may take before the process exits anyway (issue 13: at most 10 s). */
export const FORCE_EXIT_MS = 9_000;

export interface ShutdownDeps {
  /** Closes the app, then the database; may hang or fail. */
  close(): Promise<void>;
  /** Writes one log line; may throw (a closed pipe). */
  log(level: 'info' | 'error', fields: Record<string, unknown>, message: string): void;
  exit(code: number): void;
  /** setTimeout, replaceable in tests. */
  setTimer?(fn: () => void, ms: number): { unref(): unknown };
  forceExitMs?: number;
}

/** Runs `fn`, ignoring any error it throws (logging must never stop a shutdown). */
export function quietly(fn: () => void): void {
  try {
    fn();
  } catch {
    // the log is gone (EPIPE): nothing more to do about it
  }
}

/** Returns the handler for a stop signal: the first call shuts down, later calls do nothing. */
export function createShutdown(deps: ShutdownDeps): (signal: string) => Promise<void> {
  let closing = false;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  return async (signal: string) => {
    if (closing) return;
    closing = true;
    // First: nothing below may keep the process (and its port) alive past this.
    const force = setTimer(() => deps.exit(1), deps.forceExitMs ?? FORCE_EXIT_MS);
    force.unref();
    quietly(() => deps.log('info', { signal }, 'shutting down'));
    let code = 0;
    try {
      await deps.close();
    } catch (err) {
      code = 1;
      quietly(() => deps.log('error', { err }, 'shutdown failed'));
    }
    deps.exit(code);
  };
}

/**
 * A write to stdout / stderr whose reader is gone emits EPIPE as an 'error' event; unhandled, that
 * event is an uncaught exception in the middle of whatever ran. A lost log line must not stop (or
 * keep alive) a server that moves money: errors of the output streams are ignored.
 */
export function ignoreOutputErrors(
  streams: NodeJS.WritableStream[] = [process.stdout, process.stderr],
): void {
  for (const stream of streams) stream.on('error', () => undefined);
}
