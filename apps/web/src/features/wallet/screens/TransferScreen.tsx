import { CENTRAL_WALLET } from '@app/contract/enums';
import type { VenueBalance } from '@app/contract/wallet';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { venueQueries } from '@/shared/queries/venues';
import { useBalance, sessionQueries, useCurrentUser } from '@/shared/session/api';
import { formatMoney } from '@/shared/format';
import { FormField } from '@/shared/ui/FormField';
import { Switch } from '@/shared/ui/Switch';
import { showToast } from '@/shared/ui/toast';
import { useSetAutoTransfer, useTransfer } from '../api';
import { WALLET_FIELD } from '../components/Field';
import { RecoverAllButton } from '../components/RecoverAllButton';
import { VenueList } from '../components/VenueList';
import { WalletSheetSelect, type SheetOption } from '../components/WalletSheetSelect';
import { useIntentKey } from '@/shared/api/intent';
import { TitleBar } from '@/shared/ui/TitleBar';
import {
  centsToInput,
  MSG_AUTO_TRANSFER_ON,
  MSG_OPERATION_OK,
  validateTransfer,
  VENUE_POLL_MS,
  VENUE_ROWS,
} from '../rules';
import '../wallet.css';

const CENTRAL_LABEL = '中心钱包';

/** 自动转账: transferstatus 1 moves money to a venue by itself, and blocks manual transfers. */
function AutoTransferSwitch({ on }: { on: boolean }) {
  const qc = useQueryClient();
  const set = useSetAutoTransfer();
  const id = useId();
  return (
    <div className="wallet-card wallet-switch-row">
      <span>
        <span id={`${id}-l`}>自动转账</span>
        <br />
        <span className="wallet-muted">开启后进入游戏自动转入余额，无需手动转账</span>
      </span>
      <Switch
        aria-labelledby={`${id}-l`}
        checked={on}
        disabled={set.isPending}
        onChange={(next) => {
          set.mutate(next, {
            onSuccess: () => {
              const user = qc.getQueryData(sessionQueries.user().queryKey);
              if (user) qc.setQueryData(sessionQueries.user().queryKey, { ...user, autoTransfer: next });
              showToast(MSG_OPERATION_OK, 'success');
            },
            onError: (err) => showToast(errorMessage(err), 'fail'),
          });
        }}
      />
    </div>
  );
}

/** The transfer form's state; submit says why not (auto transfer on, validateTransfer), then sends. */
function useManualTransfer(autoOn: boolean, venues: VenueBalance[] | undefined) {
  const transfer = useTransfer();
  const intent = useIntentKey();
  const [source, setSource] = useState<string>(CENTRAL_WALLET);
  const [targetPicked, setTarget] = useState<string>('');
  const [amount, setAmount] = useState('');
  const target = targetPicked || venues?.[0]?.platform || '';

  const submit = () => {
    if (autoOn) {
      showToast(MSG_AUTO_TRANSFER_ON, 'fail');
      return;
    }
    const message = validateTransfer({ amount, source, target });
    if (message) {
      showToast(message, 'fail');
      return;
    }
    const body = { amount: amount.trim(), sourcetype: source, targettype: target };
    transfer.mutate(
      { ...body, intentKey: intent.keyFor(body) },
      {
        onSuccess: ({ message: text }) => {
          intent.done();
          setAmount('');
          showToast(text || MSG_OPERATION_OK, 'success');
        },
        onError: (err) => {
          intent.failed(err);
          showToast(errorMessage(err), 'fail');
        },
      },
    );
  };
  return { source, setSource, target, setTarget, amount, setAmount, submit, pending: transfer.isPending };
}

/** 手动转账: from one wallet to another, 全部 filling in the source's balance. */
function ManualTransfer({
  central,
  venues,
  autoOn,
}: {
  central: number | undefined;
  venues: VenueBalance[] | undefined;
  autoOn: boolean;
}) {
  const { source, setSource, target, setTarget, amount, setAmount, submit, pending } = useManualTransfer(
    autoOn,
    venues,
  );
  const balanceOf = (code: string) =>
    code === CENTRAL_WALLET ? central : venues?.find((v) => v.platform === code)?.balance;
  const options: SheetOption[] = [
    { value: CENTRAL_WALLET, label: CENTRAL_LABEL, description: `余额 ${formatMoney(central)}` },
    ...(venues ?? []).map((v) => ({
      value: v.platform,
      label: v.name || v.platform,
      description: `余额 ${formatMoney(v.balance)}`,
    })),
  ];

  return (
    <form
      className="wallet-card"
      aria-label="手动转账"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="wallet-card-title">手动转账</h2>
      {autoOn && <p className="wallet-notice">{MSG_AUTO_TRANSFER_ON}</p>}
      <WalletSheetSelect label="转出钱包" value={source} options={options} onChange={setSource} />
      <WalletSheetSelect label="转入钱包" value={target} options={options} onChange={setTarget} />
      <FormField
        label="转账金额"
        classes={WALLET_FIELD}
        id="transfer-amount"
        inputMode="decimal"
        placeholder="请输入转账金额"
        maxLength={12}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        extra={
          <button
            type="button"
            className="wallet-button"
            onClick={() => setAmount(centsToInput(balanceOf(source) ?? 0))}
          >
            全部
          </button>
        }
        hint={<span className="wallet-muted">可转金额：{formatMoney(balanceOf(source))}</span>}
      />
      <button type="submit" className="wallet-submit" disabled={pending} aria-busy={pending}>
        立即转账
      </button>
    </form>
  );
}

/** /transfer (login; the app header is hidden): between the central wallet and the venues. */
export default function TransferScreen() {
  const { user } = useCurrentUser();
  const central = useBalance() ?? user?.balance;
  const venuesQuery = useQuery(venueQueries.balances({ pollMs: VENUE_POLL_MS.transfer }));
  const venues = venuesQuery.data;
  const autoOn = user?.autoTransfer ?? false;

  return (
    <>
      <TitleBar title="场馆转账" standalone />
      <div className="wallet-screen">
        <section className="wallet-hero" aria-label={CENTRAL_LABEL}>
          <div className="wallet-hero-label">{CENTRAL_LABEL}</div>
          <div className="wallet-hero-amount" data-testid="transfer-central">
            {formatMoney(central)}
          </div>
          <div className="wallet-hero-row">
            <span className="wallet-muted" style={{ color: 'inherit' }}>
              场馆余额一键转回中心钱包
            </span>
            <RecoverAllButton className="wallet-button" />
          </div>
        </section>

        <AutoTransferSwitch on={autoOn} />
        <ManualTransfer central={central} venues={venues} autoOn={autoOn} />

        <section className="wallet-card" aria-label="场馆余额">
          <h2 className="wallet-card-title">场馆余额</h2>
          <VenueList
            venues={venues}
            error={venuesQuery.error}
            rows={VENUE_ROWS.transfer}
            onRetry={() => void venuesQuery.refetch()}
          />
        </section>
      </div>
    </>
  );
}
