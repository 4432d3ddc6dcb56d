import type { Notice } from '@app/contract/site';
import type { SiteMessage } from '@app/contract/content';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDate } from '@/shared/format';
import { Tabs } from '@/shared/ui/Tabs';
import { SafeHtml } from '@/shared/ui/SafeHtml';
import { contentQueries } from '../api';
import { PagedList } from '@/shared/ui/PagedList';
import { messageTab, type MessageTab } from '../rules';
import '../content.css';

const TABS: { id: MessageTab; label: string }[] = [
  { id: '1', label: '公告' },
  { id: '2', label: '站内信' },
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

function Announcements() {
  const query = useInfiniteQuery(contentQueries.announcements());
  return (
    <PagedList
      query={query}
      listClass="ct-list"
      endClass="ct-end"
      label="公告列表"
      empty="暂无公告"
      renderItem={(n, i) => <Item key={n.id ?? `n${i}`} item={n} label="公告" />}
    />
  );
}

function SiteMessages() {
  const query = useInfiniteQuery(contentQueries.messages());
  return (
    <PagedList
      query={query}
      listClass="ct-list"
      endClass="ct-end"
      label="站内信列表"
      empty="暂无站内信"
      renderItem={(m) => <Item key={m.id} item={m} label="站内信" />}
    />
  );
}

/** /message (login): tab 1 announcements (noticeList), tab 2 site messages; ?type=1|2 picks the tab. */
export default function MessageScreen() {
  const [params, setParams] = useSearchParams();
  const tab = messageTab(params.get('type'));
  return (
    <div className="ct-page">
      <Tabs
        className="ct-htabs-tabs ct-message-tabs"
        tabClassName="ct-tab"
        markActive
        label="消息分类"
        items={TABS.map((t) => ({ value: t.id, label: t.label }))}
        value={tab}
        onChange={(id) => setParams({ type: id }, { replace: true })}
        idPrefix="ct-message-tab-"
        panelId="ct-message-panel"
      />
      <div role="tabpanel" id="ct-message-panel" aria-labelledby={`ct-message-tab-${tab}`}>
        {tab === '1' ? <Announcements /> : <SiteMessages />}
      </div>
    </div>
  );
}
