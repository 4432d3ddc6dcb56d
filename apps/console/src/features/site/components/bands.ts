import {
  bandFieldProblem,
  bandsProblem,
  type RedPacketBand,
  type RedPacketBandCents,
} from '@app/contract/console-site';
import { formatCents } from '@app/contract/codecs';

/** A band row as the form holds it (claims may be empty while typing). */
export interface BandRow {
  min_deposit: string;
  max_deposit: string;
  claims: number | null;
  max_amount: string;
}

export const EMPTY_BAND: BandRow = { min_deposit: '', max_deposit: '', claims: 1, max_amount: '' };

export const toRows = (bands: readonly RedPacketBand[]): BandRow[] => bands.map((b) => ({ ...b }));

/** The row in cents when every cell is valid, else null (the cell shows its own message). */
function rowCents(row: BandRow | undefined): RedPacketBandCents | null {
  if (!row) return null;
  const out: Partial<RedPacketBandCents> = {};
  for (const f of ['min_deposit', 'max_deposit', 'claims', 'max_amount'] as const) {
    const r = bandFieldProblem(f, row[f] ?? undefined);
    if (!r.ok) return null;
    out[f] = r.value;
  }
  return out as RedPacketBandCents;
}

/** The most a band can pay a member in one day (claims × maximum), '—' while a cell is invalid. */
export function dayMaximum(row: BandRow | undefined): string {
  const c = rowCents(row);
  return c ? formatCents(c.claims * c.max_amount) : '—';
}

/** The list's problem (overlap, min above max, packets above the deposit…) once every cell is valid. */
export function listProblem(rows: readonly (BandRow | undefined)[]): string | null {
  const cents = rows.map(rowCents);
  if (cents.some((c) => c === null)) return null;
  return bandsProblem(cents as RedPacketBandCents[]);
}
