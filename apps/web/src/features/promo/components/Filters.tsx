import DatePicker from 'antd-mobile/es/components/date-picker';
import Picker from 'antd-mobile/es/components/picker';
import { useMemo, useState } from 'react';
import { registerAntdRender } from '@app/mobile/antd-render';
import { beijingToday, dateOfDay, dayOf } from '../rules';

registerAntdRender();

/** A filter shown as a button that opens antd-mobile's Picker (no native select). */
export function PickerField<V extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  const [open, setOpen] = useState(false);
  const shown = options.find((o) => o.value === value)?.label ?? options[0]?.label ?? '';
  return (
    <>
      <button
        type="button"
        className="promo-picker"
        aria-haspopup="dialog"
        aria-label={`${label}：${shown}`}
        onClick={() => setOpen(true)}
      >
        <span>{shown}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <Picker
        visible={open}
        title={`选择${label}`}
        confirmText="确定"
        cancelText="取消"
        columns={[options.map((o) => ({ label: o.label, value: String(o.value) }))]}
        value={[String(value)]}
        onClose={() => setOpen(false)}
        onConfirm={(v) => {
          const picked = options.find((o) => String(o.value) === v[0]);
          if (picked) onChange(picked.value);
        }}
      />
    </>
  );
}

const RANGE_MIN = new Date(2020, 0, 1);

/** One end of a date range: a button with the day (or its placeholder) opening antd-mobile's DatePicker. */
function DayField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const max = useMemo(() => dateOfDay(beijingToday()) ?? new Date(), []);
  const current = dateOfDay(value);
  return (
    <>
      <button
        type="button"
        className="promo-picker"
        aria-haspopup="dialog"
        aria-label={`${label}：${value || '未选择'}`}
        onClick={() => setOpen(true)}
      >
        <span className={value ? undefined : 'promo-muted'}>{value || label}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <DatePicker
        visible={open}
        title={`选择${label}`}
        precision="day"
        min={RANGE_MIN}
        max={max}
        value={current ?? max}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={(date) => onChange(dayOf(date))}
      />
    </>
  );
}

/** 开始日期 – 结束日期, Beijing days YYYY-MM-DD ('' when not chosen). */
export function DateRangeFields({
  start,
  end,
  onChange,
}: {
  start: string;
  end: string;
  onChange: (range: { start: string; end: string }) => void;
}) {
  return (
    <div className="promo-range" role="group" aria-label="日期范围">
      <DayField label="开始日期" value={start} onChange={(d) => onChange({ start: d, end })} />
      <span aria-hidden="true">至</span>
      <DayField label="结束日期" value={end} onChange={(d) => onChange({ start, end: d })} />
    </div>
  );
}
