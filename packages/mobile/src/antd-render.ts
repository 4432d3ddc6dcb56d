import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

let registered = false;
/** The roots antd-mobile has open now, by container. */
const roots = new Map<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 renders its imperative pieces (Toast, Dialog, Modal) with the legacy ReactDOM.render,
 * which React 19 no longer has: give it createRoot instead. Once, before the first of them shows: the
 * loaders of those pieces call it (each app's shared/ui/toast.ts and dialog.ts), so that this code (and
 * antd-mobile's fallback renderer it brings) stays off the first-load path.
 */
export function registerAntdRender(): void {
  if (registered) return;
  registered = true;
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      // A no-op when unmountAntdRoots got there first: React's unmount is idempotent.
      root.unmount();
      roots.delete(container);
    };
  });
}

/**
 * Unmounts every open Toast/Dialog root at once. For tests: the roots otherwise unmount when their
 * closing animation ends, which can be after a test file's environment is gone.
 */
export function unmountAntdRoots(): void {
  for (const root of roots.values()) root.unmount();
  roots.clear();
}
