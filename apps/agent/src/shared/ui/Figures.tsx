import type { ReactNode } from 'react';

export interface Figure {
  label: string;
  value: ReactNode;
  className?: string;
}

/** A grid of labelled figures (two or three a row). */
export function Figures({ items, columns = 2 }: { items: Figure[]; columns?: 2 | 3 }) {
  return (
    <dl className={columns === 3 ? 'figures three' : 'figures'}>
      {items.map((f) => (
        <div key={f.label} className="figure">
          <dt>{f.label}</dt>
          <dd className={f.className}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Label–value rows, the last one a total when `total` is set. */
export function Rows({ items, total }: { items: Figure[]; total?: boolean }) {
  return (
    <dl className="rows">
      {items.map((f, i) => (
        <div key={f.label} className={total && i === items.length - 1 ? 'row total' : 'row'}>
          <dt>{f.label}</dt>
          <dd className={f.className}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
