import type Dialog from 'antd-mobile/es/components/dialog';

/* antd-mobile's Dialog (with its animation library) loads on first use, never on the first-load path. */

/** Dialog, with antd-mobile's renderer set up for React 19 first. */
async function load(): Promise<typeof Dialog> {
  const [{ default: dialog }, { registerAntdRender }] = await Promise.all([
    import('antd-mobile/es/components/dialog'),
    import('@/shared/ui/antd-render'),
  ]);
  registerAntdRender();
  return dialog;
}

/** An alert with one 确定 button; window.alert when Dialog's code cannot load (offline). */
export function alertDialog(title: string, content: string): void {
  load().then(
    (dialog) => dialog.alert({ title, content, confirmText: '确定' }),
    () => window.alert(`${title}：${content}`),
  );
}

/**
 * Asks a yes/no question (确定 / 取消), with an optional title such as 温馨提示; resolves true on 确定.
 * window.confirm when Dialog cannot load.
 */
export async function confirmDialog(content: string, title?: string): Promise<boolean> {
  let dialog: typeof Dialog;
  try {
    dialog = await load();
  } catch {
    return window.confirm(content);
  }
  return dialog.confirm({ title, content, confirmText: '确定', cancelText: '取消' });
}

/** Loads Dialog's code ahead of need (a screen that will ask something). */
export function preloadDialog(): void {
  load().catch(() => undefined);
}
