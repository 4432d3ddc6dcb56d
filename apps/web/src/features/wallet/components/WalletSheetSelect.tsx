import ActionSheet from 'antd-mobile/es/components/action-sheet';
import { useState, type ReactNode } from 'react';
import { registerAntdRender } from '@app/mobile/antd-render';

registerAntdRender();

export interface SheetOption {
  value: string;
  label: string;
  /** A second line under the label (e.g. the wallet's balance). */
  description?: ReactNode;
}

/**
 * A choice of a few (wallets of /transfer): a field-like button showing the choice, opening
 * antd-mobile's ActionSheet from the bottom, the current one marked.
 */
export function WalletSheetSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: SheetOption[];
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const current = options.find((o) => o.value === value);
  return (
    <div className="wallet-field">
      <span className="wallet-field-label">{label}</span>
      <button
        type="button"
        className="wallet-row wallet-input wallet-picker"
        aria-haspopup="listbox"
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        <span>{current?.label ?? '请选择'}</span>
        <span aria-hidden="true">›</span>
      </button>
      <ActionSheet
        visible={open}
        extra={`选择${label}`}
        cancelText="取消"
        destroyOnClose
        // Two dozen venues: the sheet scrolls within most of the screen instead of running off it.
        styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
        onClose={() => setOpen(false)}
        actions={options.map((o) => ({
          key: o.value,
          text: o.value === value ? `${o.label} ✓` : o.label,
          description: o.description,
          onClick: () => {
            onChange(o.value);
            setOpen(false);
          },
        }))}
      />
    </div>
  );
}
