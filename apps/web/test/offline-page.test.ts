import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getByRole } from '@testing-library/dom';
import { JSDOM, VirtualConsole } from 'jsdom';
import { describe, expect, it } from 'vitest';

/* public/offline.html: the page the service worker shows when the app cannot be loaded (vite.config.ts). */

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '../public');
const read = (name: string) => readFileSync(join(publicDir, name), 'utf8');

/** The page as the service worker serves it at the app's address, with its script run. */
function openOffline() {
  const reloads: string[] = [];
  const virtualConsole = new VirtualConsole();
  // jsdom does not navigate; a reload reaches its console as "Not implemented: navigation".
  virtualConsole.on('jsdomError', (e) => reloads.push(e.message));
  const dom = new JSDOM(read('offline.html'), {
    url: 'https://app.example/h5/#/lottery?room_id=3',
    runScripts: 'outside-only',
    virtualConsole,
  });
  dom.window.eval(read('offline.js'));
  return { dom, body: dom.window.document.body, reloads };
}

describe('the offline page', () => {
  it('says 网络已断开 in the app’s header and colours, with files named relative to the app’s folder', () => {
    const { dom, body } = openOffline();
    const doc = dom.window.document;
    expect(doc.documentElement.lang).toBe('zh-CN');
    expect(getByRole(body, 'heading', { level: 1 }).textContent).toBe('网络已断开');
    expect(body.querySelector('header')?.textContent).toBe('娱乐城');
    const files = [...doc.querySelectorAll('link[href], script[src]')].map(
      (e) => e.getAttribute('href') ?? e.getAttribute('src'),
    );
    expect(files).toEqual(['./offline.css', './offline.js']);
    // No inline script or style: the server's CSP allows neither.
    expect(doc.querySelectorAll('script:not([src]), style, [style]')).toHaveLength(0);
  });

  it('重试 loads the page that was asked for again', () => {
    const { body, reloads } = openOffline();
    const retry = getByRole(body, 'button', { name: '重试' });
    retry.click();
    expect(reloads).toEqual([expect.stringMatching(/navigation/)]);
    expect(retry).toHaveProperty('disabled', true);
    expect(retry.textContent).toBe('正在重试…');
  });

  it('loads it again by itself once the device is back online', () => {
    const { dom, reloads } = openOffline();
    dom.window.dispatchEvent(new dom.window.Event('online'));
    expect(reloads).toHaveLength(1);
  });
});
