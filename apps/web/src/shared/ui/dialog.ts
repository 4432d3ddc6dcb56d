import type Dialog from 'antd-mobile/es/components/dialog';
import { MSG_SESSION_LIMIT_REACHED } from '@app/contract/session-limit';
import { MSG_SESSION_OVER } from '@/shared/api/client';

/* antd-mobile's Dialog (with its animation library) loads on first use, never on the first-load path. */

/** Dialog, with antd-mobile's renderer set up for React 19 first. */
async function load(): Promise<typeof Dialog> {
  const [{ default: dialog }, { registerAntdRender }] = await Promise.all([
    import('antd-mobile/es/components/dialog'),
    import('@app/mobile/antd-render'),
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
 * `signal`: the asking screen is gone (back, or the session ended): the dialog closes, resolving false.
 * `texts`: other words for the two buttons. window.confirm when Dialog cannot load.
 */
export async function confirmDialog(
  content: string,
  title?: string,
  signal?: AbortSignal,
  texts: { confirm: string; cancel: string } = { confirm: '确定', cancel: '取消' },
): Promise<boolean> {
  let dialog: typeof Dialog;
  try {
    dialog = await load();
  } catch {
    return window.confirm(content);
  }
  if (signal?.aborted) return false;
  return new Promise<boolean>((resolve) => {
    // Dialog.confirm's own layout (取消, then 确定 in bold), through show: its handler can close it.
    const shown = dialog.show({
      title,
      content,
      closeOnAction: true,
      onClose: () => resolve(false),
      actions: [
        [
          { key: 'cancel', text: texts.cancel, onClick: () => resolve(false) },
          { key: 'confirm', text: texts.confirm, bold: true, onClick: () => resolve(true) },
        ],
      ],
    });
    signal?.addEventListener(
      'abort',
      () => {
        shown.close();
        resolve(false);
      },
      { once: true },
    );
  });
}

/** Loads Dialog's code ahead of need (a screen that will ask something). */
export function preloadDialog(): void {
  load().catch(() => undefined);
}

/**
 * The session-over alert (app/session-over.ts), here so that a 401 loads one chunk: the member's own
 * 单次登录时长 (责任博彩) says so; any other 401 is the spec's 登录过期 (认证失败).
 */
export function alertSessionOver(serverMessage: string): void {
  if (serverMessage === MSG_SESSION_LIMIT_REACHED) alertDialog('单次登录时长已到', serverMessage);
  else alertDialog('认证失败', MSG_SESSION_OVER);
}
