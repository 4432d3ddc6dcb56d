import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatMoney } from '@/shared/format';
import { useGo } from '@/shared/navigation/useGo';
import { venueQueries } from '@/shared/queries/venues';
import { useBalance, useCurrentUser } from '@/shared/session/api';
import { CardIcon, DepositIcon, TransferIcon } from '@/shared/ui/icons';
import { FileTextIcon, UsersIcon, WithdrawIcon } from '@/shared/ui/line-icons';
import { Switch } from '@/shared/ui/Switch';
import { showToast } from '@/shared/ui/toast';
import { RecoverAllButton } from '../components/RecoverAllButton';
import { VenueList } from '../components/VenueList';
import { TitleBar } from '@/shared/ui/TitleBar';
import { VENUE_POLL_MS } from '../rules';
import '../wallet.css';

const TILES = [
  { label: '存款', to: '/recharge', Icon: DepositIcon },
  { label: '取款', to: '/withdrawal', Icon: WithdrawIcon },
  { label: '场馆转账', to: '/transfer', Icon: TransferIcon },
] as const;

/** Rows under the venue wallets: the cards, and 资金明细 (the central wallet's ledger, 累计净存款). */
const LINKS = [
  { label: '卡片管理', hint: '银行卡 / USDT地址', to: '/wallet', Icon: CardIcon },
  { label: '资金明细', hint: '累计净存款 / 近90天', to: '/fundsRecord', Icon: FileTextIcon },
] as const;

/** 下级转账 has no action here (spec §2): a tap says why, by isagent. */
const MSG_DOWNLINE_MEMBER = '下级转账仅对代理开放';
const MSG_DOWNLINE_AGENT = '请在代理后台操作下级转账';

/** 总资产 = central + venues, then each. */
function AssetsHero({ central, game }: { central: number | undefined; game: number | undefined }) {
  const total = central === undefined || game === undefined ? undefined : central + game;
  return (
    <section className="wallet-hero" aria-label="总资产">
      <div className="wallet-hero-label">总资产（元）</div>
      <div className="wallet-hero-amount" data-testid="wallet-total">
        {formatMoney(total)}
      </div>
      <div className="wallet-hero-row">
        <span>
          <span className="wallet-hero-label">中心钱包 </span>
          <span className="wallet-amount" data-testid="wallet-central">
            {formatMoney(central)}
          </span>
        </span>
        <span>
          <span className="wallet-hero-label">游戏钱包 </span>
          <span className="wallet-amount" data-testid="wallet-game">
            {formatMoney(game)}
          </span>
        </span>
      </div>
    </section>
  );
}

/** /account and /money (login): 我的钱包. Total = central + venues; venue balances poll every 3.5 s. */
export default function AccountScreen() {
  const go = useGo();
  const id = useId();
  const { user } = useCurrentUser();
  const central = useBalance() ?? user?.balance;
  const venuesQuery = useQuery(venueQueries.balances({ pollMs: VENUE_POLL_MS.wallet }));
  const venues = venuesQuery.data;
  const game = venues ? venues.reduce((sum, v) => sum + v.balance, 0) : user?.gameBalance;
  const [showVenues, setShowVenues] = useState(false);

  return (
    <>
      <TitleBar
        title="我的钱包"
        standalone
        side={
          <button type="button" className="link-button" onClick={() => go('/transRecord')}>
            交易记录
          </button>
        }
      />
      <div className="wallet-screen">
        <AssetsHero central={central} game={game} />

        <div className="wallet-tiles">
          {TILES.map(({ label, to, Icon }) => (
            <button key={to} type="button" className="wallet-tile" onClick={() => go(to)}>
              <Icon />
              {label}
            </button>
          ))}
          {/* Shown without an action (spec §2): greyed, a tap only says where it is done. */}
          <button
            type="button"
            className="wallet-tile wallet-tile-secondary"
            aria-disabled="true"
            onClick={() => showToast(user?.isAgent ? MSG_DOWNLINE_AGENT : MSG_DOWNLINE_MEMBER)}
          >
            <UsersIcon />
            下级转账
          </button>
        </div>

        <section className="wallet-card" aria-label="场馆钱包">
          <div className="wallet-switch-row">
            <span id={`${id}-l`}>显示场馆余额</span>
            <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <RecoverAllButton label="一键取回" className="wallet-button" />
              <Switch aria-labelledby={`${id}-l`} checked={showVenues} onChange={setShowVenues} />
            </span>
          </div>
          {showVenues && (
            <VenueList
              venues={venues}
              error={venuesQuery.error}
              rows={venues?.length ?? 4}
              onRetry={() => void venuesQuery.refetch()}
            />
          )}
        </section>

        {LINKS.map(({ label, hint, to, Icon }) => (
          <button
            key={to}
            type="button"
            className="wallet-card wallet-row"
            style={{ border: 0 }}
            onClick={() => go(to)}
          >
            <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Icon />
              {label}
            </span>
            <span className="wallet-muted">{hint} ›</span>
          </button>
        ))}
      </div>
    </>
  );
}
