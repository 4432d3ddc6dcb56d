import type Dialog from 'antd-mobile/es/components/dialog';

/** A titled yes/no question (确定 / 取消), e.g. 温馨提示 before unbinding; window.confirm offline. */
export async function confirmTitled(title: string, content: string): Promise<boolean> {
  let dialog: typeof Dialog;
  try {
    const [{ default: d }, { registerAntdRender }] = await Promise.all([
      import('antd-mobile/es/components/dialog'),
      import('@/shared/ui/antd-render'),
    ]);
    registerAntdRender();
    dialog = d;
  } catch {
    return window.confirm(content);
  }
  return dialog.confirm({ title, content, confirmText: '确定', cancelText: '取消' });
}
