import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '@/shared/format';
import { useCurrentUser } from '@/shared/session/api';
import { useIsLoggedIn } from '@/shared/session/store';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Tabs } from '@/shared/ui/Tabs';
import { promoQueries } from '../api';
import {
  formatRate,
  VIP_LEVELS,
  vipFlowProgress,
  vipNote,
  vipProgress,
  vipStartTab,
  vipStatus,
} from '../rules';
import '../promo.css';

const TABS = Array.from({ length: VIP_LEVELS }, (_, i) => i + 1);

const RULES = [
  '1. 晋级标准：累计存款及流水同时达到对应等级要求，即可在次日24:00前晋级相应VIP等级。',
  '2. 晋级顺序：VIP等级每日最多晋升一级，不可跨级晋升。',
  '3. 保级要求：会员晋级后需在90天内完成相应等级的保级流水。',
  '4. 降级标准：一个季度（90天）内未完成保级流水，将自动降一级。',
  '5. 返水比例：各等级按上表的最高返水比例计算，返水于次日24小时内发放至返水中心，需手动领取，1倍流水即可提款。',
];

function Bar({ label, value }: { label: string; value: number }) {
  return (
    <>
      <div className="promo-row">
        <span>{label}</span>
        <span>{value}%</span>
      </div>
      <div
        className="promo-progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <span style={{ width: `${value}%` }} />
      </div>
    </>
  );
}

/**
 * 我的等级: the spec's percent (deposits, paysum / the next level's recharge) as 存款进度, beside the
 * turnover toward the next level and what is still missing, so a member at 100 % deposits is not
 * promised a promotion the turnover does not give (vipNote). Without the progress call (our
 * addition) only the spec's percent shows.
 */
function MyLevel({ own, progress }: { own: number; progress: number }) {
  const next = useQuery(promoQueries.vipProgress());
  return (
    <section className="promo-card" aria-label="我的等级">
      <strong>当前等级 VIP{own}</strong>
      <Bar label="存款进度" value={progress} />
      {next.data && (
        <>
          <Bar label="流水进度" value={vipFlowProgress(next.data)} />
          <p className="promo-muted" data-testid="vip-note" style={{ margin: 0, fontSize: 13 }}>
            {vipNote(next.data)}
          </p>
        </>
      )}
    </section>
  );
}

function Levels({ own, paySum, loggedIn }: { own: number; paySum: number; loggedIn: boolean }) {
  const levels = useQuery(promoQueries.vipLevels());
  const [tab, setTab] = useState(() => vipStartTab(own, loggedIn));
  if (levels.isPending) return <BlockLoading height={200} />;
  if (levels.isError) return <BlockError error={levels.error} onRetry={() => void levels.refetch()} />;
  const current = levels.data.find((l) => l.level === tab) ?? levels.data[tab - 1];
  const progress = vipProgress(paySum, levels.data, own);
  return (
    <>
      {loggedIn && <MyLevel own={own} progress={progress} />}
      <Tabs
        className="promo-tabs"
        tabClassName="promo-tab"
        label="VIP等级"
        items={TABS.map((n) => ({ value: n, label: <>VIP{n}</> }))}
        value={tab}
        onChange={setTab}
      />
      <section className="promo-card" role="tabpanel" aria-label={`VIP${tab}`}>
        <div className="promo-row">
          <h2>VIP{tab}</h2>
          <strong>{vipStatus(loggedIn ? own : 0, tab)}</strong>
        </div>
        <div className="promo-stats">
          <div>
            <span className="promo-muted">累计存款</span>
            <strong>{formatMoney(current?.recharge ?? 0)}</strong>
          </div>
          <div>
            <span className="promo-muted">流水要求</span>
            <strong>{formatMoney(current?.flow ?? 0)}</strong>
          </div>
        </div>
      </section>
      <section className="promo-card">
        <h2>最高返水比例</h2>
        <table className="promo-table" aria-label="返水比例">
          <thead>
            <tr>
              <th>等级</th>
              {REBATE_CATEGORIES.map((c) => (
                <th key={c}>{REBATE_CATEGORY_LABELS[c]}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {levels.data.map((l) => (
              <tr key={l.level} aria-current={l.level === tab}>
                <td>VIP{l.level}</td>
                {REBATE_CATEGORIES.map((c) => (
                  <td key={c}>{formatRate(l.rates[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** /vip, /vip2 and /iframepage: VIP特权 — levels, status per tab, rebate rates, the rules. */
export default function VipScreen() {
  const loggedIn = useIsLoggedIn();
  const { query: member } = useCurrentUser({ enabled: loggedIn });
  const waiting = loggedIn && member.isPending;
  return (
    <div className="promo-screen">
      {waiting ? (
        <BlockLoading height={200} />
      ) : (
        <Levels
          own={loggedIn ? (member.data?.vipLevel ?? 0) : 0}
          paySum={member.data?.paySum ?? 0}
          loggedIn={loggedIn && !!member.data}
        />
      )}
      <section className="promo-card" aria-label="活动规则">
        <h2>活动规则</h2>
        {RULES.map((r) => (
          <p key={r} style={{ margin: '4px 0', fontSize: 13 }}>
            {r}
          </p>
        ))}
      </section>
    </div>
  );
}
