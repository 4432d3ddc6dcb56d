import type { OpsCommand } from './format';
import { SITE_COMMANDS } from './site';
import { MONEY_COMMANDS } from './money';
import { LOTTERY_COMMANDS } from './lottery';
import { PROMO_COMMANDS } from './promo';
import { CONTENT_COMMANDS } from './content';

/** Every operator command, in the order help lists them. A new operator call gets its command here. */
export const COMMANDS: readonly OpsCommand[] = [
  ...SITE_COMMANDS,
  ...MONEY_COMMANDS,
  ...LOTTERY_COMMANDS,
  ...PROMO_COMMANDS,
  ...CONTENT_COMMANDS,
];
