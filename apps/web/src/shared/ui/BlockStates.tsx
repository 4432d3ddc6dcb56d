import type { ReactNode } from 'react';
import { errorMessage } from '@/shared/api/client';

/** Loading placeholder of a block: a few shimmering lines, or one box of the block's height. */
export function BlockLoading({
  lines = 3,
  height,
  label = '加载中',
}: {
  lines?: number;
  height?: number;
  label?: string;
}) {
  return (
    <div className="block-state" role="status" aria-label={label}>
      {height ? (
        <div className="skeleton" style={{ height }} />
      ) : (
        Array.from({ length: lines }, (_, i) => <div key={i} className="skeleton skeleton-line" />)
      )}
    </div>
  );
}

/** Empty block: a short line of text. */
export function BlockEmpty({ children }: { children: ReactNode }) {
  return <div className="block-state block-empty">{children}</div>;
}

/**
 * Failed block: a sign, the error's message and a 重试 button. A failed query never leaves a blank
 * page, nor a bare line of red text (walk-through 2026-11-27).
 */
export function BlockError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="block-state block-error" role="alert">
      <span className="block-error-sign" aria-hidden="true">
        !
      </span>
      <span className="block-error-text">{errorMessage(error, '加载失败')}</span>
      <button type="button" className="block-error-retry" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
