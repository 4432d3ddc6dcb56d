import { DEFAULT_DATE_FILTER, type DateFilter, type RecordType } from '@app/contract/enums';
import { DATE_FILTER_LABELS, DATE_FILTER_VALUES } from '@app/contract/member';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from '@app/mobile/router';
import { formatDate, formatMoney } from '@/shared/format';
import { useGo } from '@/shared/navigation/useGo';
import { PagedList } from '@/shared/ui/PagedList';
import { StateTag } from '@/shared/ui/StateTag';
import { Tabs } from '@/shared/ui/Tabs';
import { readRecords, walletQueries } from '../api';
import { payInfoPathOf, recordFilterOf, recordPayWayLabel } from '../recordLabels';
import { recordColumns } from '../recordsCsv';
import { RECORD_TYPE_LABELS, recordStateLabel, recordStateTone } from '../rules';
import '../wallet.css';

const TYPES = [1, 2, 3, 4] as const satisfies readonly RecordType[];

function Filter<T extends number>({
  label,
  values,
  labels,
  value,
  onChange,
}: {
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <Tabs
      role="group"
      className="wallet-tabs"
      tabClassName="wallet-tab"
      label={label}
      items={values.map((v) => ({ value: v, label: labels[v] }))}
      value={value}
      onChange={onChange}
    />
  );
}

function Records({ date, type }: { date: DateFilter; type: RecordType }) {
  const go = useGo();
  const query = useInfiniteQuery(walletQueries.records(date, type));
  return (
    <PagedList
      query={query}
      label="交易记录"
      listClass="wallet-records"
      endClass="wallet-end"
      csv={{
        list: `交易记录-${RECORD_TYPE_LABELS[type]}`,
        read: (page) => readRecords(date, type, page),
        columns: recordColumns(type),
      }}
      renderItem={(r, i) => (
        <li key={`${r.orderNo}-${i}`} className="wallet-record">
          <span className="wallet-muted">订单号：{r.orderNo}</span>
          <span className="wallet-amount">{formatMoney(r.amount)}</span>
          <span>{recordPayWayLabel(type, r.payWay)}</span>
          <StateTag tone={recordStateTone(type, r.state)}>{recordStateLabel(type, r.state)}</StateTag>
          <span className="wallet-muted">{formatDate(r.createdAt)}</span>
          {payInfoPathOf(type, r) !== null && (
            <button
              type="button"
              className="link-button"
              aria-label={`付款信息 ${r.orderNo}`}
              onClick={() => go(payInfoPathOf(type, r) ?? '')}
            >
              付款信息
            </button>
          )}
        </li>
      )}
    />
  );
}

/**
 * /transRecord (login): account records by date (default 近30天, up to 近90天) and type, paged as one
 * scroll, with 导出CSV of every record the filters select and the way to 资金明细. A deposit in review
 * paid by USDT, WeChat or Alipay opens its 付款信息 (/payInfo) again. The filters live in the address
 * (`?type=2` after a withdrawal), so a reload or a way back keeps them.
 */
export default function TransRecordScreen() {
  const go = useGo();
  const [params, setParams] = useSearchParams();
  const date = recordFilterOf<DateFilter>(params.get('date'), DATE_FILTER_VALUES, DEFAULT_DATE_FILTER);
  const type = recordFilterOf<RecordType>(params.get('type'), TYPES, 1);
  const set = (name: 'date' | 'type') => (value: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(name, String(value));
        return next;
      },
      { replace: true },
    );
  return (
    <div className="wallet-screen">
      <div className="wallet-toolbar">
        <button type="button" className="link-button" onClick={() => go('/fundsRecord')}>
          资金明细 ›
        </button>
      </div>
      <Filter
        label="日期"
        values={DATE_FILTER_VALUES}
        labels={DATE_FILTER_LABELS}
        value={date}
        onChange={set('date')}
      />
      <Filter label="类型" values={TYPES} labels={RECORD_TYPE_LABELS} value={type} onChange={set('type')} />
      <Records date={date} type={type} />
    </div>
  );
}
