import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDay, formatMoney } from '@/shared/format';
import { loginPath } from '@/shared/navigation/redirect';
import { siteQueries } from '@/shared/queries/site';
import { useCurrentUser } from '@/shared/session/api';
import { useIsLoggedIn } from '@/shared/session/store';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Tabs } from '@/shared/ui/Tabs';
import { promoQueries } from '../api';
import { ShareSheet } from '../components/ShareSheet';
import { inviteLink } from '../rules';
import '../promo.css';

type Tab = 'link' | 'bonus' | 'detail';
const TABS: [Tab, string][] = [
  ['link', '邀请链接'],
  ['bonus', '奖金介绍'],
  ['detail', '明细'],
];

function LoginFirst() {
  const { pathname } = useLocation();
  return (
    <BlockEmpty>
      登录后查看 <Link to={loginPath(pathname)}>去登录</Link>
    </BlockEmpty>
  );
}

function InviteLink() {
  const { query: member } = useCurrentUser();
  const site = useQuery(siteQueries.app());
  const stats = useQuery(promoQueries.invite({ start: '', end: '' }));
  const [sharing, setSharing] = useState(false);
  if (member.isPending || stats.isPending) return <BlockLoading height={120} />;
  if (member.isError) return <BlockError error={member.error} onRetry={() => void member.refetch()} />;
  const link = inviteLink({
    inviteUrl: stats.data?.inviteUrl ?? '',
    h5Url: site.data?.h5Url ?? '',
    pageUrl: window.location.href,
    userId: member.data.id,
  });
  return (
    <section className="promo-card" aria-label="邀请链接">
      <h2>我的邀请链接</h2>
      <p className="promo-link-box" data-testid="invite-link">
        {link}
      </p>
      <button type="button" className="promo-button" onClick={() => setSharing(true)}>
        立即邀请
      </button>
      <ShareSheet
        open={sharing}
        onClose={() => setSharing(false)}
        link={link}
        title={site.data?.title ?? ''}
      />
    </section>
  );
}

function BonusIntro() {
  return (
    <section className="promo-card" aria-label="奖金介绍">
      <h2>奖金介绍</h2>
      <p>1. 分享您的专属邀请链接或二维码，好友通过链接注册即成为您的下级会员。</p>
      <p>2. 下级会员完成首次存款并达到有效投注要求后，您即可获得推荐奖金。</p>
      <p>3. 推荐奖金自动发放至中心钱包，可在明细中查看每一笔奖金记录。</p>
      <p>4. 本活动最终解释权归平台所有。</p>
    </section>
  );
}

/** The downline figures and bonus records of a date range (all dates when empty). */
const useInviteStats = (range: { start: string; end: string }) => useQuery(promoQueries.invite(range));

/** 下级概况: the downline counters and deposits. */
function DownlineSummary({ stats }: { stats: ReturnType<typeof useInviteStats> }) {
  const counters: [string, string | number][] = stats.data
    ? [
        ['下级人数', stats.data.downlineCount],
        ['本月新增', stats.data.newThisMonth],
        ['本月活跃', stats.data.activeThisMonth],
        ['有效活跃', stats.data.effectiveActive],
        ['今日新增', stats.data.newToday],
        ['今日活跃', stats.data.activeToday],
        ['有效新增', stats.data.effectiveNew],
        ['本月存款', formatMoney(stats.data.depositsThisMonth)],
        ['今日存款', formatMoney(stats.data.depositsToday)],
      ]
    : [];
  return (
    <details className="promo-card" open>
      <summary>下级概况</summary>
      {stats.isPending ? (
        <BlockLoading lines={3} />
      ) : stats.isError ? (
        <BlockError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <dl className="promo-stats" aria-label="下级概况">
          {counters.map(([label, value]) => (
            <div key={label}>
              <dt className="promo-muted">{label}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}

function Details() {
  const [draft, setDraft] = useState({ start: '', end: '' });
  const [range, setRange] = useState({ start: '', end: '' });
  const stats = useInviteStats(range);
  const onQuery = (e: FormEvent) => {
    e.preventDefault();
    setRange(draft);
  };
  return (
    <>
      <DownlineSummary stats={stats} />
      <details className="promo-card" open>
        <summary>数据列表</summary>
        <form className="promo-filters" onSubmit={onQuery} aria-label="日期范围">
          <label className="promo-field">
            开始日期
            <input
              type="date"
              value={draft.start}
              onChange={(e) => setDraft({ ...draft, start: e.target.value })}
            />
          </label>
          <label className="promo-field">
            结束日期
            <input
              type="date"
              value={draft.end}
              onChange={(e) => setDraft({ ...draft, end: e.target.value })}
            />
          </label>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setDraft({ start: '', end: '' });
              setRange({ start: '', end: '' });
            }}
          >
            重置
          </button>
          <button type="submit" className="promo-button">
            查询
          </button>
        </form>
        {stats.data &&
          (stats.data.records.data.length === 0 ? (
            <BlockEmpty>暂无记录</BlockEmpty>
          ) : (
            <table className="promo-table" aria-label="礼金记录">
              <thead>
                <tr>
                  <th>日期</th>
                  <th>奖金</th>
                  <th>备注</th>
                </tr>
              </thead>
              <tbody>
                {stats.data.records.data.map((r, i) => (
                  <tr key={i}>
                    <td>{formatDay(r.date)}</td>
                    <td>{formatMoney(r.bonus)}</td>
                    <td>{r.remark}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
      </details>
    </>
  );
}

/** /inviter: the invite link with its share sheet, the bonus introduction, the downline details. */
export default function InviterScreen() {
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<Tab>('link');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <div className="promo-screen" style={{ flex: 1 }}>
        {tab === 'bonus' ? (
          <BonusIntro />
        ) : !loggedIn ? (
          <LoginFirst />
        ) : tab === 'link' ? (
          <InviteLink />
        ) : (
          <Details />
        )}
      </div>
      <Tabs
        className="promo-bottom-tabs"
        label="邀请好友"
        items={TABS.map(([key, label]) => ({ value: key, label }))}
        value={tab}
        onChange={setTab}
      />
    </div>
  );
}
