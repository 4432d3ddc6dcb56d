import type Dialog from 'antd-mobile/es/components/dialog';

/* antd-mobile's Dialog loads on first use (as apps/web/src/shared/ui/dialog.ts). */

async function load(): Promise<typeof Dialog> {
  const [{ default: dialog }, { registerAntdRender }] = await Promise.all([
    import('antd-mobile/es/components/dialog'),
    import('@app/mobile/antd-render'),
  ]);
  registerAntdRender();
  return dialog;
}

/** Asks a yes/no question; resolves true on the confirming button. window.confirm when Dialog cannot load. */
export async function confirmDialog(content: string, title: string, confirmText = '确定'): Promise<boolean> {
  let dialog: typeof Dialog;
  try {
    dialog = await load();
  } catch {
    return window.confirm(content);
  }
  return new Promise<boolean>((resolve) => {
    dialog.show({
      title,
      content,
      closeOnAction: true,
      onClose: () => resolve(false),
      actions: [
        [
          { key: 'cancel', text: '取消', onClick: () => resolve(false) },
          { key: 'confirm', text: confirmText, bold: true, danger: true, onClick: () => resolve(true) },
        ],
      ],
    });
  });
}
