import type { LotteryRow } from '@app/contract/console-lottery';
import { Select } from 'antd';

/** Which lottery a screen shows: a closed one is marked 已关闭. */
export function LotteryPicker({
  lotteries,
  value,
  onChange,
}: {
  lotteries: readonly LotteryRow[];
  value: number;
  onChange: (id: number) => void;
}) {
  return (
    <Select
      aria-label="选择彩种"
      style={{ minWidth: 220 }}
      value={value > 0 ? value : undefined}
      placeholder="选择彩种"
      onChange={onChange}
      options={lotteries.map((l) => ({ value: l.id, label: l.enabled ? l.title : `${l.title}（已关闭）` }))}
    />
  );
}
