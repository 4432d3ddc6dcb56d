import { execFileSync } from 'node:child_process';

/**
 * Without a Chinese font Chromium draws every 汉字 as a box, and baselines taken so would be worthless:
 * refuse to run rather than compare (or write) them.
 */
export default function requireCjkFont(): void {
  let families = '';
  try {
    families = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  } catch {
    // fc-list missing: fontconfig is not there either, so Chromium has no Chinese font.
  }
  if (families.trim() === '') {
    throw new Error(
      'No Chinese font (fc-list :lang=zh is empty): Chromium would draw Chinese as boxes.\n' +
        'Install it first: sudo apt-get install fonts-noto-cjk   (then run the screenshot suite again)',
    );
  }
}
