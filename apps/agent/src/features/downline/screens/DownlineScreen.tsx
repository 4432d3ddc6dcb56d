import { type DownlineMember } from '@app/contract/agent-office';
import { AGENT_DEPTH_MAX } from '@app/contract/agent-plans';
import { useInfiniteQuery } from '@tanstack/react-query';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState, type FormEvent } from 'react';
import { beijingToday, dateTimeText, monthStart, yuan } from '@/shared/format';
import { signClass } from '@/shared/labels';
import { rangeProblem } from '@/shared/range';
import { DateRange } from '@/shared/ui/DateRange';
import { Figures } from '@/shared/ui/Figures';
import { PagedList } from '@/shared/ui/PagedList';
import { downlineQueries } from '../api';
import '../downline.css';

const LEVELS = Array.from({ length: AGENT_DEPTH_MAX }, (_, i) => i + 1);

function MemberCard({ m }: { m: DownlineMember }) {
  return (
    <li className="list-card">
      <div className="list-card-head">
        <div className="list-card-name">
          <span>{m.username}</span>
          {m.is_agent && <span className="tag">代理</span>}
        </div>
        <span className="muted">{m.realname || '未实名'}</span>
      </div>
      <Figures
        items={[
          { label: '存款', value: yuan(m.deposits) },
          { label: '取款', value: yuan(m.withdrawals) },
          { label: '有效投注', value: yuan(m.valid) },
          { label: '会员输赢', value: yuan(m.win_loss), className: signClass(m.win_loss) },
        ]}
      />
      <p className="list-card-meta">
        注册 {dateTimeText(m.joined_at)} · 最后登录 {dateTimeText(m.last_login_at, '从未登录')}
      </p>
      {m.agent && <p className="list-card-meta">所属代理：{m.agent}</p>}
    </li>
  );
}

/** The name search: applied on 搜索 (or the keyboard's enter), cleared with the field. */
function Search({ onSearch }: { onSearch: (q: string) => void }) {
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="dl-search" onSubmit={submit}>
      <input
        type="search"
        aria-label="会员账号"
        placeholder="搜索会员账号"
        maxLength={16}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '') onSearch('');
        }}
      />
      <button type="submit" className="dl-search-button">
        搜索
      </button>
    </form>
  );
}

/** 下级会员: levels 1–10, a name search, a date range (this month first) and the members page by page. */
export default function DownlineScreen() {
  const [level, setLevel] = useState(1);
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState(() => ({ start: monthStart(), end: beijingToday() }));
  const [range, setRange] = useState(draft);
  const problem = rangeProblem(draft.start, draft.end);
  const query = useInfiniteQuery(
    downlineQueries.list({ level, q, start_date: range.start, end_date: range.end }),
  );
  const changeRange = (start: string, end: string) => {
    setDraft({ start, end });
    if (!rangeProblem(start, end)) setRange({ start, end });
  };
  return (
    <>
      <div className="dl-top">
        <Tabs activeKey={String(level)} onChange={(key) => setLevel(Number(key))}>
          {LEVELS.map((n) => (
            <Tabs.Tab key={String(n)} title={n === 1 ? '直属' : `${n}级`} />
          ))}
        </Tabs>
        <div className="filters">
          <Search onSearch={setQ} />
          <DateRange start={draft.start} end={draft.end} onChange={changeRange} />
          {problem && (
            <p className="filter-error" role="alert">
              {problem}
            </p>
          )}
        </div>
      </div>
      <PagedList
        query={query}
        label={`${level === 1 ? '直属' : `${level}级`}会员`}
        empty={q ? '没有找到该会员' : '该层级暂无会员'}
        renderItem={(m) => <MemberCard key={m.id} m={m} />}
      />
    </>
  );
}
