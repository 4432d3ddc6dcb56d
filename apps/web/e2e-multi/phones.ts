import type { Browser, Page } from '@playwright/test';
import { anotherPhone } from '../e2e/fixtures';

/** A phone whose every request goes to `baseURL` (a machine, or nginx); `urls` records what answered. */
export async function phoneOn(browser: Browser, baseURL: string): Promise<{ page: Page; urls: string[] }> {
  const context = await anotherPhone(browser, baseURL);
  const urls: string[] = [];
  context.on('response', (r) => urls.push(r.url()));
  return { page: await context.newPage(), urls };
}
