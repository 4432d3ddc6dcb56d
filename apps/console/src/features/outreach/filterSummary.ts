/* A saved segment's filters (the member search's parsed values: amounts in cents, null: not set) in
 * Chinese, one part per filter: 标签：VIP客户 · VIP 3 · 注册 2026-11-01 至 2026-11-20 · 余额 ≥ 100.00. */
import type { SegmentFilters } from '@app/contract/console-segments';

type Value = string | number | null | undefined;

const set = (v: Value): v is string | number => v !== null && v !== undefined && v !== '';

/** Cents → "100.00". */
export function centsText(cents: string | number): string {
  const n = Number(cents);
  return Number.isFinite(n) ? (n / 100).toFixed(2) : String(cents);
}

/** A range of two ends (either may be missing): "a 至 b", "≥ a", "≤ b"; null when neither is set. */
function range(lo: Value, hi: Value, show: (v: string | number) => string, days: boolean): string | null {
  if (set(lo) && set(hi)) return `${show(lo)} 至 ${show(hi)}`;
  if (set(lo)) return days ? `${show(lo)} 起` : `≥ ${show(lo)}`;
  if (set(hi)) return days ? `至 ${show(hi)}` : `≤ ${show(hi)}`;
  return null;
}

/**
 * The parts of a segment's filters, in the order of the search's fields. `tagName` names a tag by
 * id (undefined when unknown or not readable: then 标签#id).
 */
export function filterParts(
  f: SegmentFilters,
  tagName: (id: number) => string | undefined = () => undefined,
) {
  const parts: string[] = [];
  if (set(f.realname)) parts.push(`真实姓名：${f.realname}`);
  if (set(f.tag)) {
    const id = Number(f.tag);
    const name = tagName(id);
    parts.push(name === undefined ? `标签#${id}` : `标签：${name}`);
  }
  if (set(f.vip)) parts.push(`VIP ${f.vip}`);
  if (set(f.agent)) parts.push(f.agent === 'agent' ? '代理' : '非代理');
  if (set(f.referrer)) parts.push(`推荐人：${f.referrer}`);
  const text = String;
  const ranges: [string, Value, Value, (v: string | number) => string, boolean][] = [
    ['注册', f.reg_from, f.reg_to, text, true],
    ['最后登录', f.login_from, f.login_to, text, true],
    ['余额', f.balance_min, f.balance_max, centsText, false],
    ['存款总额', f.deposit_min, f.deposit_max, centsText, false],
  ];
  for (const [label, lo, hi, show, days] of ranges) {
    const r = range(lo, hi, show, days);
    if (r) parts.push(`${label} ${r}`);
  }
  return parts;
}
