import type { ReactNode } from 'react';
import { useBack } from '@/shared/navigation/useGo';
import { BackIcon } from '@/shared/ui/icons';

/**
 * The one title bar of every screen (walk-through 2026-11-27: three styles, two blue bars on 我的钱包):
 * white, the way back on the left, the title in the middle, one action on the right. Under the main
 * header it sits in the header's sticky top; on a screen without it (`standalone`), it sticks itself.
 * `start` replaces the back arrow (e.g. /home's menu); `back={false}` leaves the left side empty.
 */
export function TitleBar({
  title,
  back = true,
  start,
  side,
  standalone = false,
}: {
  title: string;
  back?: boolean;
  start?: ReactNode;
  side?: ReactNode;
  standalone?: boolean;
}) {
  const goBack = useBack();
  const left =
    start ??
    (back ? (
      <button type="button" className="icon-button" aria-label="返回" onClick={goBack}>
        <BackIcon />
      </button>
    ) : null);
  const parts = (
    <>
      <div className="title-bar-side">{left}</div>
      <h1 className="title-bar-title">{title}</h1>
      <div className="title-bar-side end">{side}</div>
    </>
  );
  // Under the main header it is part of that banner, not a second one.
  if (!standalone) return <div className="title-bar">{parts}</div>;
  return <header className="title-bar standalone">{parts}</header>;
}
