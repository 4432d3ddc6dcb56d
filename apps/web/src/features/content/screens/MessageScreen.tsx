import type { Notice } from '@app/contract/site';
import type { SiteMessage } from '@app/contract/content';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@app/mobile/router';
import { formatDate } from '@/shared/format';
import { siteQueries } from '@/shared/queries/site';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Tabs } from '@/shared/ui/Tabs';
import { SafeHtml } from '@/shared/ui/SafeHtml';
import { callMissing, contentQueries } from '../api';
import { PagedList } from '@/shared/ui/PagedList';
import { messageTab, type MessageTab } from '../rules';
import '../content.css';

const TABS: { id: MessageTab; label: string }[] = [
  { id: '1', label: '公告' },
  { id: '2', label: '站内信' },
  { id: '3', label: '我的消息' },
];

function Item({ item, label }: { item: Notice | SiteMessage; label: string }) {
  return (
    <li className="ct-message">
      <div className="ct-message-head">
        <h3>{item.title}</h3>
        <time>{formatDate(item.created_at)}</time>
      </div>
      <SafeHtml html={item.content} className="ct-html" label={`${label}：${item.title}`} />
    </li>
  );
}

/** Tab 1: the announcements (homenotice), plain texts; the same cache as the hall's notice bar. */
function Announcements() {
  const { data, isPending, isError, error, refetch } = useQuery(siteQueries.notices());
  if (isPending) return <BlockLoading lines={4} label="公告加载中" />;
  if (isError) return <BlockError error={error} onRetry={() => void refetch()} />;
  if (data.length === 0) return <BlockEmpty>暂无公告</BlockEmpty>;
  return (
    <ul className="ct-list" aria-label="公告列表">
      {data.map((text, i) => (
        <li key={i} className="ct-message ct-announcement">
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Tab 2: the site messages of the API family (noticeList): title, sanitised HTML, date; paged. */
function Notices() {
  const query = useInfiniteQuery(contentQueries.notices());
  return (
    <PagedList
      query={query}
      listClass="ct-list"
      endClass="ct-end"
      label="站内信列表"
      empty="暂无站内信"
      renderItem={(n, i) => <Item key={n.id ?? `n${i}`} item={n} label="站内信" />}
    />
  );
}

/** Tab 3: the member's own messages (messageList, our addition). */
function OwnMessages() {
  const query = useInfiniteQuery(contentQueries.messages());
  return (
    <PagedList
      query={query}
      listClass="ct-list"
      endClass="ct-end"
      label="我的消息列表"
      empty="暂无消息"
      renderItem={(m) => <Item key={m.id} item={m} label="我的消息" />}
    />
  );
}

/**
 * /message (login): tab 1 announcements (homenotice), tab 2 site messages (noticeList), as spec §2
 * and §7 say; tab 3 our own messages beside them, only when the back end has messageList (its first
 * page is asked for here, so a back end without it simply shows the spec's two tabs).
 * ?type=1|2|3 picks the tab.
 */
export default function MessageScreen() {
  const [params, setParams] = useSearchParams();
  const own = useInfiniteQuery(contentQueries.messages());
  const withOwn = !(own.isError && callMissing(own.error));
  const tab = messageTab(params.get('type'), withOwn);
  const tabs = withOwn ? TABS : TABS.filter((t) => t.id !== '3');
  return (
    <div className="ct-page">
      <Tabs
        className="ct-htabs-tabs ct-message-tabs"
        tabClassName="ct-tab"
        markActive
        label="消息分类"
        items={tabs.map((t) => ({ value: t.id, label: t.label }))}
        value={tab}
        onChange={(id) => setParams({ type: id }, { replace: true })}
        idPrefix="ct-message-tab-"
        panelId="ct-message-panel"
      />
      <div role="tabpanel" id="ct-message-panel" aria-labelledby={`ct-message-tab-${tab}`}>
        {tab === '1' ? <Announcements /> : tab === '2' ? <Notices /> : <OwnMessages />}
      </div>
    </div>
  );
}
