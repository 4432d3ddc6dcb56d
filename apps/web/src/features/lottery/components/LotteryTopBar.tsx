import type { ReactNode } from 'react';
import { BackIcon } from '@/shared/ui/icons';

/** The lottery screens' own header (the route hides the app's): back, the lottery and room titles. */
export function LotteryTopBar({
  title,
  subtitle,
  onBack,
  extra,
}: {
  title: string;
  subtitle?: string;
  onBack: () => void;
  extra?: ReactNode;
}) {
  return (
    <header className="lottery-topbar">
      <button type="button" className="icon-button" aria-label="返回" onClick={onBack}>
        <BackIcon />
      </button>
      <h1 className="lottery-topbar-title">
        <span>{title}</span>
        {subtitle && <small className="lottery-topbar-sub">{subtitle}</small>}
      </h1>
      <div className="lottery-topbar-side">{extra}</div>
    </header>
  );
}
