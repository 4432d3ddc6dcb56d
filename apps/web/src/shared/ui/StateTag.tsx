import type { ReactNode } from 'react';

/** How a state reads at a glance: waiting (amber), done well (green), refused or failed (red), else grey. */
export type StateTone = 'pending' | 'success' | 'failed' | 'neutral';

/** A record's state as a small coloured tag, the same on every list (审核中 / 已通过 / 已拒绝 …). */
export function StateTag({ tone, children }: { tone: StateTone; children: ReactNode }) {
  return <span className={`state-tag state-tag-${tone}`}>{children}</span>;
}
