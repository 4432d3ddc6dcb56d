import DatePicker from 'antd-mobile/es/components/date-picker';
import { useMemo } from 'react';
import { registerAntdRender } from '@app/mobile/antd-render';
import { BIRTHDAY_MIN, dateOf, dayOf } from '../rules';

registerAntdRender();

/** antd-mobile's date picker from 1980-01-01 (spec §9) to today; loaded when the member first opens it. */
export default function BirthdayPicker({
  visible,
  value,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  /** YYYY-MM-DD or ''. */
  value: string;
  onClose: () => void;
  onConfirm: (day: string) => void;
}) {
  const min = useMemo(() => dateOf(BIRTHDAY_MIN) ?? new Date(1980, 0, 1), []);
  const max = useMemo(() => new Date(), []);
  const current = dateOf(value);
  const shown = current && current >= min && current <= max ? current : new Date(1990, 0, 1, 12);
  return (
    <DatePicker
      visible={visible}
      title="选择出生日期"
      precision="day"
      min={min}
      max={max}
      value={shown}
      confirmText="确定"
      cancelText="取消"
      onClose={onClose}
      onConfirm={(date) => onConfirm(dayOf(date))}
    />
  );
}
