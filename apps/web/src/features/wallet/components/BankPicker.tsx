import Picker from 'antd-mobile/es/components/picker';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { registerAntdRender } from '@app/mobile/antd-render';
import { BlockError } from '@/shared/ui/BlockStates';
import { walletQueries } from '../api';

registerAntdRender();

/** 开户银行: the banks of banklist in antd-mobile's Picker (spec §2 "bank from picker"). */
export function BankPicker({ value, onChange }: { value: string; onChange: (bank: string) => void }) {
  const banks = useQuery(walletQueries.banks());
  const [open, setOpen] = useState(false);
  const names = banks.data?.map((b) => b.name) ?? [];
  return (
    <>
      <div className="wallet-field">
        <span className="wallet-field-label">开户银行</span>
        <button
          type="button"
          className="wallet-row wallet-input wallet-picker"
          aria-haspopup="dialog"
          aria-label="开户银行"
          disabled={!banks.data}
          onClick={() => setOpen(true)}
        >
          <span className={value ? undefined : 'wallet-placeholder'}>
            {value || (banks.isPending ? '加载中…' : '请选择银行')}
          </span>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {banks.isError && <BlockError error={banks.error} onRetry={() => void banks.refetch()} />}
      <Picker
        visible={open}
        title="选择开户银行"
        confirmText="确定"
        cancelText="取消"
        columns={[names.map((name) => ({ label: name, value: name }))]}
        value={value ? [value] : names[0] ? [names[0]] : []}
        onClose={() => setOpen(false)}
        onConfirm={(v) => {
          const picked = v[0];
          if (typeof picked === 'string') onChange(picked);
        }}
      />
    </>
  );
}
