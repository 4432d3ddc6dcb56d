import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

let registered = false;

/**
 * antd-mobile 5 renders its imperative pieces (Toast, Dialog, Modal) with the legacy ReactDOM.render,
 * which React 19 no longer has: give it createRoot instead. Once, before the first of them shows: the
 * loaders of those pieces call it (toast.ts, dialog.ts), so that this code (and antd-mobile's fallback
 * renderer it brings) stays off the first-load path.
 */
export function registerAntdRender(): void {
  if (registered) return;
  registered = true;
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
}
