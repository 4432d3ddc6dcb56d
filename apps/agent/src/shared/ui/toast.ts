import type Toast from 'antd-mobile/es/components/toast';

/* antd-mobile's Toast (with its animation library) loads on first use, never on the first-load path
 * (as apps/web/src/shared/ui/toast.ts). */

async function load(): Promise<typeof Toast> {
  const [{ default: toast }, { registerAntdRender }] = await Promise.all([
    import('antd-mobile/es/components/toast'),
    import('@app/mobile/antd-render'),
  ]);
  registerAntdRender();
  return toast;
}

export function showToast(content: string, icon?: 'success' | 'fail'): void {
  load().then(
    (toast) => toast.show(icon ? { content, icon } : { content }),
    () => window.alert(content), // the chunk did not load (offline): still say it
  );
}
