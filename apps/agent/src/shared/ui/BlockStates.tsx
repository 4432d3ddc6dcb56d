import type { ReactNode } from 'react';
import { errorMessage } from '@/shared/api/client';

/* Loading, empty and error states of a block (as apps/web/src/shared/ui/BlockStates.tsx). */

/** Loading placeholder: a few shimmering lines. */
export function BlockLoading({ lines = 3, label = '加载中' }: { lines?: number; label?: string }) {
  return (
    <div className="block-state" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton skeleton-line" />
      ))}
    </div>
  );
}

/** Empty block: a short line of text. */
export function BlockEmpty({ children }: { children: ReactNode }) {
  return <div className="block-state block-empty">{children}</div>;
}

/** Failed block: a sign, the error's message and a 重试 button; never a blank page. */
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
