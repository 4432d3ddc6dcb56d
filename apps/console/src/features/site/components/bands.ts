import {
  bandFieldProblem,
  bandsProblem,
  type RedPacketBand,
  type RedPacketBandCents,
} from '@app/contract/console-site';
import { formatCents } from '@app/contract/codecs';
import {
  bandName,
  bandValue,
  HINT_BAND,
  valueProblem,
  type CategoryCosts,
  type PromoValue,
} from '@app/contract/promo-value';

/** A band row as the form holds it (claims may be empty while typing). */
export interface BandRow {
  min_deposit: string;
  max_deposit: string;
  claims: number | null;
  max_amount: string;
}

export const EMPTY_BAND: BandRow = { min_deposit: '', max_deposit: '', claims: 1, max_amount: '' };

/** The saved bands as the form's rows (their value is the view's, not a field). */
export const toRows = (bands: readonly RedPacketBand[]): BandRow[] =>
  bands.map((b) => ({
    min_deposit: b.min_deposit,
    max_deposit: b.max_deposit,
    claims: b.claims,
    max_amount: b.max_amount,
  }));

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

/** A band's value to a member: the server's for a saved band, else computed from what is typed. */
export interface BandValue {
  value: PromoValue;
  /** Computed in the browser (the band is new or changed); the server values it again on save. */
  preview: boolean;
  /** The server's reason for refusing it (above 0), or null. */
  problem: string | null;
}

const same = (row: BandRow, b: RedPacketBand) =>
  row.min_deposit === b.min_deposit &&
  row.max_deposit === b.max_deposit &&
  row.claims === b.claims &&
  row.max_amount === b.max_amount;

/**
 * The value of each row: a band saved as it stands keeps the server's figure; one being typed is
 * computed with the same rule (promo-value.ts bandValue) and today's rebates, once its cells are
 * valid and the rebates are read (else null: '—').
 */
export function bandValueOf(
  row: BandRow | undefined,
  saved: readonly RedPacketBand[],
  costs: CategoryCosts | null,
): BandValue | null {
  const c = rowCents(row);
  if (!row || !c) return null;
  const kept = saved.find((b) => same(row, b));
  const value = kept
    ? kept.value
    : costs &&
      bandValue({ minDepositCents: c.min_deposit, claims: c.claims, maxAmountCents: c.max_amount }, costs);
  if (!value) return null;
  return { value, preview: !kept, problem: valueProblem(bandName(c.min_deposit), value, HINT_BAND) };
}
