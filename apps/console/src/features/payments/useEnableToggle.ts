import { App } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';

/**
 * Turning a row on or off from its list: on at once, off after a confirmation (`confirmOff`); the key of
 * the row being written is `busy` meanwhile, and a refusal is shown as an error.
 */
export function useEnableToggle<T, K>(opts: {
  key: (row: T) => K;
  write: (row: T, enabled: boolean) => Promise<unknown>;
  confirmOff: (row: T) => { title: string; content: string; okText: string };
}) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<K | null>(null);
  const setEnabled = (row: T, enabled: boolean) => {
    const run = () => {
      setBusy(opts.key(row));
      return opts
        .write(row, enabled)
        .catch((err: unknown) => void message.error(errorMessage(err)))
        .finally(() => setBusy(null));
    };
    if (enabled) return void run();
    modal.confirm({
      ...opts.confirmOff(row),
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: run,
    });
  };
  return { busy, setEnabled };
}
