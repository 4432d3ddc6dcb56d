/** Two Beijing days, 开始 and 结束 (the browser's own date pickers: nothing to load). */
export function DateRange({
  start,
  end,
  onChange,
}: {
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
}) {
  return (
    <>
      <input
        type="date"
        aria-label="开始日期"
        value={start}
        max={end || undefined}
        onChange={(e) => onChange(e.target.value, end)}
      />
      <span className="range-sep">至</span>
      <input
        type="date"
        aria-label="结束日期"
        value={end}
        min={start || undefined}
        onChange={(e) => onChange(start, e.target.value)}
      />
    </>
  );
}
