import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import { safeCell } from '../sanitize';

/**
 * One operator command: its arguments become one typed request of its operator call (contract
 * ops*.ts), sent to the running server's operator API; the reply, read by the call's response schema,
 * is printed.
 */
export interface OpsCommand<C extends CallDef = CallDef> {
  name: string;
  /** Arguments, as shown in help. */
  args: string;
  summary: string;
  /** The operator call it makes. */
  call: C;
  /** The call's request (undefined: nothing to send); a UsageError when the arguments make none. */
  request(args: string[]): RequestOf<C>;
  /** Text to print for a successful reply (`data` read by the call's response, `message` of the envelope). */
  print(data: DataOf<C>, message: string): string;
}

/** A command of `call`, its request and reply typed by the call. */
export function opsCommand<C extends CallDef>(call: C, command: Omit<OpsCommand<C>, 'call'>): OpsCommand<C> {
  return { ...command, call };
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Display width in a terminal: CJK and full-width characters take two columns. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    w +=
      (cp >= 0x1100 && cp <= 0x115f) ||
      (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) ||
      (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6)
        ? 2
        : 1;
  }
  return w;
}

/** A plain text table; `right` lists the columns aligned right (amounts). */
export function table(headers: string[], cells: string[][], right: number[] = []): string {
  // One value per cell and line: a newline or escape code from a member cannot break the layout.
  const rows = cells.map((r) => r.map(safeCell));
  const widths = headers.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => {
        const pad = ' '.repeat((widths[i] ?? 0) - displayWidth(c));
        return right.includes(i) ? pad + c : c + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The named columns of each row, as text: the cells of a table whose headers are the columns. */
export function cellsOf<R extends object>(
  rows: readonly R[],
  cols: readonly (keyof R & string)[],
): string[][] {
  return rows.map((r) => cols.map((c) => String(r[c] ?? '')));
}
