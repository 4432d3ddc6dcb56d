import type { ConsoleSamples } from './types';

/** A 1×1 PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const SAMPLES: ConsoleSamples = {
  consoleUploadImage: async () => ({ data: PNG_BASE64 }),
};
