import type { ComponentType } from 'react';
import { useGo } from '@/shared/navigation/useGo';
import { useIsLoggedIn } from '@/shared/session/store';
import { CardIcon, DepositIcon, StarIcon, TransferIcon } from '@/shared/ui/icons';
import { showToast } from '@/shared/ui/toast';
import { MSG_LOGIN_REQUIRED, SHORTCUTS } from '../rules';

const ICONS: Record<(typeof SHORTCUTS)[number]['label'], ComponentType> = {
  存款: DepositIcon,
  转账: TransferIcon,
  VIP: StarIcon,
  取款: CardIcon,
};

/** 存款, 转账, VIP, 取款: a visitor is told to log in for 存款 and 取款 (see SHORTCUTS). */
export function Shortcuts() {
  const loggedIn = useIsLoggedIn();
  const go = useGo();
  return (
    <nav className="hall-shortcuts" aria-label="快捷入口">
      {SHORTCUTS.map(({ label, to, members }) => {
        const Icon = ICONS[label];
        return (
          <button
            key={to}
            type="button"
            className="hall-shortcut"
            onClick={() => (loggedIn || !members ? go(to) : showToast(MSG_LOGIN_REQUIRED))}
          >
            <Icon />
            <span>{label}</span>
          </button>
        );
      })}
    </nav>
  );
}
