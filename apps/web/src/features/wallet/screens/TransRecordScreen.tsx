import { DEFAULT_DATE_FILTER, type DateFilter, type RecordType } from '@app/contract/enums';
import { useInfiniteQuery } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { useState } from 'react';
import { formatDate, formatMoney } from '@/shared/format';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Tabs } from '@/shared/ui/Tabs';
import { walletQueries } from '../api';
import { DATE_FILTER_LABELS, RECORD_TYPE_LABELS, recordStateLabel } from '../rules';
import '../wallet.css';

const DATES = [1, 2, 3, 4] as const satisfies readonly DateFilter[];
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
  const query = useInfiniteQuery(walletQueries.records(date, type));
  if (query.isPending) return <BlockLoading lines={4} />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  const records = query.data.pages.flatMap((p) => p.data);
  if (records.length === 0) return <BlockEmpty>暂无记录</BlockEmpty>;
  return (
    <>
      <ul aria-label="交易记录" style={{ display: 'grid', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}>
        {records.map((r, i) => (
          <li key={`${r.orderNo}-${i}`} className="wallet-record">
            <span className="wallet-muted">订单号：{r.orderNo}</span>
            <span className="wallet-amount">{formatMoney(r.amount)}</span>
            <span>{r.payWay || RECORD_TYPE_LABELS[type]}</span>
            <span>{recordStateLabel(type, r.state)}</span>
            <span className="wallet-muted">{formatDate(r.createdAt)}</span>
          </li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore: boolean, failed: boolean, retry: () => void) =>
          failed ? (
            <button type="button" className="link-button" onClick={retry}>
              加载失败，点击重试
            </button>
          ) : (
            <span className="wallet-end">{hasMore ? '加载中…' : '没有更多了'}</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}

/** /transRecord (login): account records by date (default 近30天) and type, paged as one scroll. */
export default function TransRecordScreen() {
  const [date, setDate] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const [type, setType] = useState<RecordType>(1);
  return (
    <div className="wallet-screen">
      <Filter label="日期" values={DATES} labels={DATE_FILTER_LABELS} value={date} onChange={setDate} />
      <Filter label="类型" values={TYPES} labels={RECORD_TYPE_LABELS} value={type} onChange={setType} />
      <Records date={date} type={type} />
    </div>
  );
}
