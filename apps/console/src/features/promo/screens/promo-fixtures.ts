/* Fixtures shared by the promo screens' tests. */
import type { ConsoleSession } from '@app/contract/console-auth';
import type { VipLevelRow } from '@app/contract/console-promo';
import { screen } from '@testing-library/react';

export const CONTENT: ConsoleSession = {
  id: 5,
  name: 'yunying01',
  role: 'content',
  csrf: 'x',
  idle_minutes: 30,
};

export const LEVELS: VipLevelRow[] = Array.from({ length: 10 }, (_, i) => ({
  level: i + 1,
  recharge: i === 0 ? '0.00' : `${i * 1000}.00`,
  flow: i === 0 ? '0.00' : `${i * 5000}.00`,
  keep_flow: i === 0 ? '0.00' : `${i * 2000}.00`,
  rates: {
    realperson: '0.40',
    sport: '0.40',
    e_sport: '0.40',
    joker: '0.50',
    electron: '0.50',
    lottery: '0.30',
  },
}));

export const saveButton = () => {
  const el = screen
    .getAllByText(/^保\s*存$/)
    .at(-1)
    ?.closest('button');
  if (!el) throw new Error('no save button');
  return el;
};
