import { IMAGE_UPLOAD_TYPES } from '@app/contract/uploads';
import ImageUploader, { type ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import Picker from 'antd-mobile/es/components/picker';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { registerAntdRender } from '@app/mobile/antd-render';
import { errorMessage } from '@/shared/api/client';
import { formatMoney } from '@/shared/format';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { useGo } from '@/shared/navigation/useGo';
import { Tabs } from '@/shared/ui/Tabs';
import { walletQueries } from '../api';
import type { DepositVoucher } from '../hooks/useDepositVoucher';
import type { RechargeForm } from '../hooks/useRechargeForm';
import { amountCents, usdtEquivalent } from '../rules';
import { Field } from './Field';
import { SERVICE_PATH } from './PayPasswordHint';

registerAntdRender();

/* The sections of /recharge (RechargeScreen), top to bottom. */

/** A bank not in banklist: the member still names it (the server takes any bank name). */
const OTHER_BANK = '其他银行';

/** 银行类型 of the depositor: the banks of banklist in antd-mobile's Picker. */
function DepositBankType({ value, onChange }: { value: string; onChange: (bank: string) => void }) {
  const banks = useQuery(walletQueries.banks());
  const [open, setOpen] = useState(false);
  const names = [...(banks.data?.map((b) => b.name) ?? []), OTHER_BANK];
  return (
    <div className="wallet-field">
      <span className="wallet-field-label">银行类型</span>
      <button
        type="button"
        className="wallet-row wallet-input wallet-picker"
        aria-haspopup="dialog"
        aria-label="银行类型"
        onClick={() => setOpen(true)}
      >
        <span className={value ? undefined : 'wallet-placeholder'}>{value || '请选择银行类型'}</span>
        <span aria-hidden="true">›</span>
      </button>
      <Picker
        visible={open}
        title="选择银行类型"
        confirmText="确定"
        cancelText="取消"
        columns={[names.map((name) => ({ label: name, value: name }))]}
        value={[value || (names[0] ?? '')]}
        onClose={() => setOpen(false)}
        onConfirm={(v) => {
          if (typeof v[0] === 'string') onChange(v[0]);
        }}
      />
    </div>
  );
}

/** 存款凭证 of a bank transfer (optional): antd-mobile's upload tile, a preview, × to remove. */
export function VoucherPicker({ voucher }: { voucher: DepositVoucher }) {
  // The tile shows the value; antd-mobile drops its upload task once the value holds the task's url.
  const items: ImageUploadItem[] = voucher.preview ? [{ key: 'voucher', url: voucher.preview }] : [];
  return (
    <div className="wallet-field">
      <span className="wallet-field-label" id="voucher-label">
        存款凭证（选填）
      </span>
      <div aria-labelledby="voucher-label" role="group" className="wallet-upload">
        <ImageUploader
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          maxCount={1}
          value={items}
          onChange={(list) => {
            if (list.length === 0) voucher.remove();
          }}
          // A file refused here never reaches the tile (antd-mobile keeps no failed task).
          beforeUpload={(f) => (voucher.accepts(f) ? f : null)}
          upload={async (picked) => ({ key: 'voucher', url: voucher.pick(picked) })}
        >
          <span className="wallet-upload-tile">
            <span aria-hidden="true" className="wallet-upload-plus">
              +
            </span>
            上传凭证
          </span>
        </ImageUploader>
        <span className="wallet-muted" data-testid="voucher-state" aria-live="polite">
          {voucher.uploading
            ? '凭证上传中…'
            : voucher.path
              ? '凭证已上传'
              : '转账截图，PNG/JPG/GIF/WEBP，不超过2MB'}
        </span>
      </div>
    </div>
  );
}

/** The platform's receiving cards for a bank transfer. */
export function ReceivingCards() {
  const query = useQuery(walletQueries.receivingCards());
  if (query.isPending) return <BlockLoading lines={3} />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <BlockEmpty>暂无收款账户，请联系客服</BlockEmpty>;
  return (
    <ul aria-label="收款账户" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {query.data.map((c) => (
        <li key={c.id ?? c.cardNo} className="wallet-record">
          <span className="wallet-muted">收款银行</span>
          <span>{c.bankName}</span>
          <span className="wallet-muted">收款人</span>
          <span>{c.holder}</span>
          <span className="wallet-muted">收款账号</span>
          <span className="wallet-amount">{c.cardNo}</span>
          <span className="wallet-muted">开户行</span>
          <span>{c.branch}</span>
        </li>
      ))}
    </ul>
  );
}

/** 钱包协议 of a USDT deposit (TRC20 or ERC20). */
export function DepositProtocol({ form }: { form: RechargeForm }) {
  return (
    <div className="wallet-field">
      <span className="wallet-field-label" id="deposit-protocol">
        钱包协议
      </span>
      <Tabs
        role="radiogroup"
        className="wallet-tabs"
        tabClassName="wallet-tab"
        labelledBy="deposit-protocol"
        items={form.protocols.map((p) => ({ value: p, label: p }))}
        value={form.protocol}
        onChange={form.setProtocol}
      />
    </div>
  );
}

/** The depositor's bank details of a bank or manual deposit. */
export function DepositorBankFields({ form }: { form: RechargeForm }) {
  return (
    <>
      <Field
        label="存款人姓名"
        placeholder="请输入存款人姓名"
        maxLength={32}
        value={form.bank.name}
        onChange={form.setBankField('name')}
      />
      <DepositBankType
        value={form.bank.bankType}
        onChange={(v) => form.setBankField('bankType')({ target: { value: v } })}
      />
      <Field
        label="银行卡号"
        placeholder="请输入银行卡号"
        inputMode="numeric"
        maxLength={32}
        value={form.bank.cardNo}
        onChange={form.setBankField('cardNo')}
      />
      <Field
        label="开户行地址"
        placeholder="请输入银行开户行地址"
        maxLength={128}
        value={form.bank.branch}
        onChange={form.setBankField('branch')}
      />
    </>
  );
}

/** 存款金额 with the method's single-deposit range and, for USDT, the equivalent at the member's rate. */
export function DepositAmount({ form, usdtRate }: { form: RechargeForm; usdtRate: number | undefined }) {
  const { range } = form;
  const cents = amountCents(form.amount) ?? 0;
  return (
    <>
      <Field
        label="存款金额"
        placeholder="请输入充值金额"
        inputMode="decimal"
        maxLength={12}
        value={form.amount}
        onChange={(e) => form.setAmount(e.target.value)}
      />
      <p className="wallet-muted" data-testid="deposit-range">
        {range.data
          ? `单笔限额：${formatMoney(range.data.min)} - ${formatMoney(range.data.max)}`
          : range.isError
            ? errorMessage(range.error)
            : '单笔限额加载中…'}
      </p>
      {form.method === 'usdt' && (
        <p className="wallet-muted" data-testid="deposit-usdt">
          约合 {formatMoney(usdtEquivalent(cents, usdtRate ?? 0))} USDT（汇率 {usdtRate || '--'}）
        </p>
      )}
    </>
  );
}

/**
 * 人工存款: customer service arranges the deposit (the way for a method the site has not enabled or a
 * large amount); the member files nothing here, so no order of a wrong kind is created.
 */
export function ManualDeposit() {
  const go = useGo();
  return (
    <section className="wallet-card wallet-manual" aria-label="人工存款说明">
      <h2 className="wallet-card-title">人工存款</h2>
      <p className="wallet-muted">由在线客服为您办理，适合大额存款或暂未开放的存款方式。</p>
      <ol className="wallet-manual-steps">
        <li>点击下方「联系客服」，告知存款金额和您方便的付款方式；</li>
        <li>按客服提供的收款信息付款，并保留付款凭证；</li>
        <li>客服核实到账后为您入账，入账后余额自动更新。</li>
      </ol>
      <p className="wallet-muted">请只向客服在本站对话中提供的账户付款，任何私下索要转账的都不是本站客服。</p>
      <button type="button" className="wallet-submit" onClick={() => go(SERVICE_PATH)}>
        联系客服
      </button>
    </section>
  );
}
