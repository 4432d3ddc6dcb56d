import type { ReactNode } from 'react';
import { useNavigate } from '@/shared/router';
import { BackIcon } from '@/shared/ui/icons';

/** The top bar of the screens that draw their own (header 'none'): back arrow, title, a side action. */
export function PromoTopBar({
  title,
  back = true,
  side,
}: {
  title: string;
  back?: boolean;
  side?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="promo-topbar">
      {back ? (
        <button type="button" className="icon-button" aria-label="返回" onClick={() => void navigate(-1)}>
          <BackIcon />
        </button>
      ) : (
        <span className="promo-topbar-side" />
      )}
      <h1 className="promo-topbar-title">{title}</h1>
      <span className="promo-topbar-side">{side}</span>
    </div>
  );
}
