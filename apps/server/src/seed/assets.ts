import type { DemoPictures } from '../modules/site/demo-pictures';
import { SEED_ICONS } from './content';
import { buildPayQrAssets } from './pay-qr';
import { buildSeedAssets } from './svg';

let drawn: DemoPictures | undefined;

/** Every picture the seed refers to (banners, icons, QR codes), drawn once per process. */
export function seedPictures(): DemoPictures {
  drawn ??= new Map([...buildSeedAssets(SEED_ICONS), ...buildPayQrAssets()]);
  return drawn;
}
