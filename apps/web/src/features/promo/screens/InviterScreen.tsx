import { useQuery } from '@tanstack/react-query';
import { rangeProblem } from '@app/contract/date-range';
import { useState } from 'react';
import { Link, useLocation } from '@app/mobile/router';
import { formatDay, formatMoney } from '@/shared/format';
import { loginPath } from '@/shared/navigation/redirect';
import { siteQueries } from '@/shared/queries/site';
import { useCurrentUser } from '@/shared/session/api';
import { useIsLoggedIn } from '@/shared/session/store';
import { ApiError } from '@/shared/api/client';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { showToast } from '@/shared/ui/toast';
import { Tabs } from '@/shared/ui/Tabs';
import { promoQueries } from '../api';
import { DateRangeFields } from '../components/Filters';
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

/** The link from getVisitUrl (spec §7); should the call fail, this page's address stands in. */
function InviteLink() {
  const { query: member } = useCurrentUser();
  const site = useQuery(siteQueries.app());
  const visit = useQuery(promoQueries.visitUrl());
  const [sharing, setSharing] = useState(false);
  if (member.isPending || visit.isPending) return <BlockLoading height={120} />;
  if (member.isError) return <BlockError error={member.error} onRetry={() => void member.refetch()} />;
  const link = inviteLink({
    visitUrl: visit.data ?? '',
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

/** The downline figures, bonus records and friends of a date range (all dates when empty). */
const useInviteStats = (range: { start: string; end: string }) => useQuery(promoQueries.invite(range));
type InviteData = NonNullable<ReturnType<typeof useInviteStats>['data']>;

/** inviteInfo is our addition: against a back end without it (404) the tab shows empty, not an error. */
const missingCall = (error: unknown) => error instanceof ApiError && error.code === 404;

type BonusRule = NonNullable<InviteData['bonusRule']>;

/** The referral bonus as the server answers it: per friend, the friend's conditions, the turnover. */
function BonusTerms({ rule }: { rule: BonusRule }) {
  const conditions = [
    rule.minDeposit > 0 && `累计存款满 ${formatMoney(rule.minDeposit)} 元`,
    rule.minBets > 0 && `有效投注满 ${formatMoney(rule.minBets)} 元`,
  ].filter(Boolean);
  return (
    <dl className="promo-terms promo-bonus-terms" aria-label="奖金标准">
      <div className="promo-term">
        <dt>推荐奖金</dt>
        <dd data-testid="bonus-amount">每位达标好友 {formatMoney(rule.amount)} 元</dd>
      </div>
      <div className="promo-term">
        <dt>好友条件</dt>
        <dd data-testid="bonus-conditions">
          {conditions.length > 0 ? `好友注册后${conditions.join('，且')}` : '好友注册即可'}
        </dd>
      </div>
      <div className="promo-term">
        <dt>有效投注要求</dt>
        <dd data-testid="bonus-turnover">
          {rule.turnoverMultiple > 0
            ? `奖金需完成 ${rule.turnoverMultiple} 倍有效投注（打码量）后方可取款`
            : '奖金无需打码，可直接取款'}
        </dd>
      </div>
    </dl>
  );
}

/** The figures of 奖金介绍, from inviteInfo's bonus_rule; none when the server offers no bonus. */
function BonusFigures() {
  const stats = useInviteStats({ start: '', end: '' });
  if (stats.isPending) return <BlockLoading lines={3} />;
  if (stats.isError && !missingCall(stats.error))
    return <BlockError error={stats.error} onRetry={() => void stats.refetch()} />;
  const rule = stats.data?.bonusRule ?? null;
  if (!rule)
    return (
      <p data-testid="bonus-none">
        平台当前未开放推荐奖金，邀请好友暂不发放奖金；开放后将在此公布奖金金额与领取条件。
      </p>
    );
  return (
    <>
      <BonusTerms rule={rule} />
      <p>推荐奖金自动发放至中心钱包，可在明细的礼金记录中查看每一笔奖金。</p>
    </>
  );
}

/** 奖金介绍: how inviting works and, for a member, the bonus the server pays (no figure of our own). */
function BonusIntro({ loggedIn }: { loggedIn: boolean }) {
  const { pathname } = useLocation();
  return (
    <section className="promo-card" aria-label="奖金介绍">
      <h2>奖金介绍</h2>
      <p>分享您的专属邀请链接或二维码，好友通过链接注册即成为您的下级会员。</p>
      {loggedIn ? (
        <BonusFigures />
      ) : (
        <p>
          登录后查看推荐奖金金额与领取条件 <Link to={loginPath(pathname)}>去登录</Link>
        </p>
      )}
      <p className="promo-muted">本活动最终解释权归平台所有。</p>
    </section>
  );
}

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

type DetailTab = 'gifts' | 'friends';
const DETAIL_TABS: { value: DetailTab; label: string }[] = [
  { value: 'gifts', label: '礼金记录' },
  { value: 'friends', label: '好友明细' },
];

function GiftTable({ rows }: { rows: InviteData['records']['data'] }) {
  if (rows.length === 0) return <BlockEmpty>暂无记录</BlockEmpty>;
  return (
    <table className="promo-table" aria-label="礼金记录">
      <thead>
        <tr>
          <th>日期</th>
          <th>奖金</th>
          <th>备注</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <td>{formatDay(r.date)}</td>
            <td>{formatMoney(r.bonus)}</td>
            <td>{r.remark}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FriendTable({ rows }: { rows: InviteData['friends']['data'] }) {
  if (rows.length === 0) return <BlockEmpty>暂无好友</BlockEmpty>;
  return (
    <table className="promo-table" aria-label="好友明细">
      <thead>
        <tr>
          <th>好友</th>
          <th>注册日期</th>
          <th>存款</th>
          <th>有效投注</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <td>{r.name}</td>
            <td>{formatDay(r.joinedAt)}</td>
            <td>{formatMoney(r.deposits)}</td>
            <td>{formatMoney(r.bets)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Details() {
  const [draft, setDraft] = useState({ start: '', end: '' });
  const [range, setRange] = useState({ start: '', end: '' });
  const [list, setList] = useState<DetailTab>('gifts');
  const stats = useInviteStats(range);
  const onQuery = () => {
    const problem = rangeProblem(draft.start || null, draft.end || null);
    if (problem) showToast(problem, 'fail');
    else setRange(draft);
  };
  if (stats.isError && missingCall(stats.error)) return <BlockEmpty>暂无明细数据</BlockEmpty>;
  return (
    <>
      <DownlineSummary stats={stats} />
      <details className="promo-card" open>
        <summary>数据列表</summary>
        <div className="promo-filter-stack">
          <Tabs
            className="promo-tabs"
            tabClassName="promo-tab"
            label="明细类型"
            items={DETAIL_TABS}
            value={list}
            onChange={setList}
          />
          <DateRangeFields start={draft.start} end={draft.end} onChange={setDraft} />
          <div className="promo-filter-actions">
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
            <button type="button" className="promo-button" onClick={onQuery}>
              查询
            </button>
          </div>
        </div>
        {stats.data &&
          (list === 'gifts' ? (
            <GiftTable rows={stats.data.records.data} />
          ) : (
            <FriendTable rows={stats.data.friends.data} />
          ))}
      </details>
    </>
  );
}

/**
 * /inviter: the invite link with its share sheet, the bonus introduction, the downline details; the
 * three tabs fixed at the bottom (spec §2 "bottom tabs"), so they stay put whatever the tab's height.
 */
export default function InviterScreen() {
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<Tab>('link');
  return (
    <div className="promo-inviter">
      <div className="promo-screen">
        {tab === 'bonus' ? (
          <BonusIntro loggedIn={loggedIn} />
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
