import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out: antd-mobile's InfiniteScroll loads only for an element with an offsetParent.
 * Call inside a describe: its tests see every element's parent as its offsetParent.
 */
export function withOffsetParents(): void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
  });
  afterAll(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
  });
}
