import { lazy, Suspense, type ComponentType, type CSSProperties, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '@app/mobile/ErrorBoundary';
import { Navigate, useLocation } from '@app/mobile/router';
import { loginPath } from '@/shared/navigation/redirect';
import { useIsLoggedIn, useMustChangePassword } from '@/shared/session/store';
import { Header, headerHeight, type HeaderVariant } from '@/app/layout/Header';
import { ScreenFallback } from '@/app/layout/ScreenFallback';
import { Shell } from '@/app/layout/Shell';

export interface AppRoute {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  /** Starts loading the screen's code ahead of its first render (the entry does it for the opened route). */
  preload?: () => Promise<unknown>;
  /**
   * (login) in spec §2: a visitor is sent to /login?redirect=<path>. 'confirm' (spec §5, /hongbao and
   * /transfer): the visitor is first asked 精彩内容等你来体验，快来登录吧！ and goes home on 取消.
   */
  login: boolean | 'confirm';
  header: HeaderVariant;
  /** Child of the layout parent at / (spec §2): shows the bottom tab bar. */
  tabs: boolean;
  /** Title of the 'back' header, or of the title bar under the 'main' one. */
  title?: string;
  /** The screen draws its own sticky top bar: the main header scrolls away so that bar stays. */
  ownTop?: boolean;
  /** Its module exports `prepare` (ScreenModule): opened first, the app renders once that is done. */
  prepares?: boolean;
}

type ScreenModule = {
  default: ComponentType;
  /**
   * What the screen shows first, asked for before the app's first render, so that this render shows it
   * instead of a loading state (e.g. the lottery room's reply, which public/boot.js asked for early).
   * Given the query string of the opened route; settles once the data is in the query cache (or not).
   */
  prepare?: (client: QueryClient, params: URLSearchParams) => Promise<unknown>;
};
type Load = () => Promise<ScreenModule>;

/**
 * A thenable that calls back at once. React.lazy only calls its then(): given this once the code is
 * here, the first render takes the screen without suspending, where a promise would call back a turn
 * later and the loading state would replace index.html's first frame for a moment.
 */
function settled(module: ScreenModule): Promise<ScreenModule> {
  const thenable = { then: (onFulfilled: (m: ScreenModule) => unknown) => void onFulfilled(module) };
  return thenable as unknown as Promise<ScreenModule>;
}

const route = (path: string, load: Load, opts: Omit<AppRoute, 'path' | 'screen' | 'preload'>): AppRoute => {
  let loaded: ScreenModule | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  return { path, screen: lazy(() => (loaded ? settled(loaded) : preload())), preload, ...opts };
};

/*
 * The route table (spec §2). One line per route; later issues add theirs. Unknown paths go to /.
 * - tabs: true for the children of the layout parent at / (hall, /home, /discover, /index_old, /hongbao,
 *   /activity, /activity_old, /zhanzhu, /mine, /mine_old, /app); false for the top-level routes.
 * - header (spec §2): 'none' on /activity, /activityInfo, /mine, /transfer; 'back' with a title on
 *   /message; /abouts draws the same back-arrow bar itself ('none'), titled by its type (条款与规则 or
 *   隐私政策, where one route title read 关于我们 for both); 'main' everywhere else, with a title bar on top-level screens that need a
 *   title and a way back. /lottery and /gamePage keep their own top too: the room's header shows the
 *   balance itself (spec §2 /lottery) and a game runs full screen; so do /login, /reg and /reg2, whose
 *   form is what the header's 登录/注册 would open.
 * - login: true for the (login) routes of spec §2.
 */
// prettier-ignore
export const appRoutes: AppRoute[] = [
  route('/',         () => import('@/features/hall/screens/HallScreen'),             { login: false, header: 'main', tabs: true }),
  route('/login',    () => import('@/features/auth/screens/LoginScreen'),            { login: false, header: 'none', tabs: false }),
  route('/reg',      () => import('@/features/auth/screens/RegisterDownloadScreen'), { login: false, header: 'none', tabs: false }),
  route('/reg2',     () => import('@/features/auth/screens/RegisterScreen'),         { login: false, header: 'none', tabs: false }),
  route('/transfer', () => import('@/features/wallet/screens/TransferScreen'),      { login: 'confirm', header: 'none', tabs: false }),
  route('/account',  () => import('@/features/wallet/screens/AccountScreen'),       { login: true,  header: 'main', tabs: false, ownTop: true }),
  route('/money',    () => import('@/features/wallet/screens/AccountScreen'),       { login: true,  header: 'main', tabs: false, ownTop: true }),
  route('/transRecord', () => import('@/features/wallet/screens/TransRecordScreen'), { login: true, header: 'main', tabs: false, title: '交易记录' }),
  route('/fundsRecord', () => import('@/features/wallet/screens/FundsRecordScreen'), { login: true, header: 'main', tabs: false, title: '资金明细' }),
  route('/wallet',   () => import('@/features/wallet/screens/WalletCardsScreen'),   { login: true,  header: 'main', tabs: false, title: '卡片管理' }),
  route('/addBankCard', () => import('@/features/wallet/screens/AddBankCardScreen'), { login: true, header: 'main', tabs: false, title: '添加银行卡' }),
  route('/addUsdtCard', () => import('@/features/wallet/screens/AddUsdtCardScreen'), { login: true, header: 'main', tabs: false, title: '添加USDT地址' }),
  route('/usdtmore', () => import('@/features/wallet/screens/UsdtMoreScreen'),      { login: false, header: 'main', tabs: false, title: 'USDT协议说明' }),
  route('/withdrawal', () => import('@/features/wallet/screens/WithdrawalScreen'),  { login: true,  header: 'main', tabs: false, title: '取款' }),
  route('/withdrawAccount', () => import('@/features/wallet/screens/WithdrawalScreen'), { login: true, header: 'main', tabs: false, title: '取款' }),
  route('/recharge', () => import('@/features/wallet/screens/RechargeScreen'),      { login: true,  header: 'main', tabs: false, title: '存款' }),
  route('/payInfo',  () => import('@/features/wallet/screens/PayInfoScreen'),       { login: true,  header: 'main', tabs: false, title: '支付信息' }),
  route('/lottery',  () => import('@/features/lottery/screens/LotteryScreen'),     { login: false, header: 'none', tabs: false, prepares: true }),
  route('/gamePage', () => import('@/features/games/screens/GamePageScreen'),       { login: false, header: 'none', tabs: false }),
  route('/concise',  () => import('@/features/games/screens/ConciseScreen'),        { login: false, header: 'main', tabs: false, title: '电子游戏' }),
  route('/userCent', () => import('@/features/profile/screens/UserCentScreen'),      { login: true,  header: 'main', tabs: false, title: '设置' }),
  route('/mine',     () => import('@/features/profile/screens/MineScreen'),          { login: true,  header: 'none', tabs: true }),
  route('/mine_old', () => import('@/features/profile/screens/MineOldScreen'),       { login: true,  header: 'main', tabs: true }),
  route('/userInfo', () => import('@/features/profile/screens/UserInfoScreen'),      { login: true,  header: 'main', tabs: false, title: '个人资料' }),
  route('/password', () => import('@/features/profile/screens/PasswordScreen'),      { login: true,  header: 'main', tabs: false, title: '修改密码' }),
  route('/protection', () => import('@/features/protection/screens/ProtectionScreen'), { login: true, header: 'main', tabs: false, title: '责任博彩' }),
  route('/betRecord', () => import('@/features/profile/screens/BetRecordScreen'),    { login: true,  header: 'main', tabs: false, title: '投注记录' }),
  route('/activity', () => import('@/features/promo/screens/ActivityScreen'),        { login: false, header: 'none', tabs: true }),
  route('/activity_old', () => import('@/features/promo/screens/ActivityOldScreen'), { login: false, header: 'main', tabs: true }),
  route('/activityInfo', () => import('@/features/promo/screens/ActivityInfoScreen'), { login: false, header: 'none', tabs: false }),
  route('/activityRecord', () => import('@/features/promo/screens/ActivityRecordScreen'), { login: true, header: 'main', tabs: false, title: '申请记录' }),
  route('/hongbao',  () => import('@/features/promo/screens/HongbaoScreen'),         { login: 'confirm', header: 'main', tabs: true, title: '抢红包' }),
  route('/welfare',  () => import('@/features/promo/screens/WelfareScreen'),         { login: true,  header: 'main', tabs: false, title: '福利中心' }),
  route('/fanshui',  () => import('@/features/promo/screens/FanshuiScreen'),         { login: true,  header: 'main', tabs: false, title: '返水中心' }),
  route('/vip',      () => import('@/features/promo/screens/VipScreen'),             { login: false, header: 'main', tabs: false, title: 'VIP特权' }),
  route('/vip2',     () => import('@/features/promo/screens/VipScreen'),             { login: false, header: 'main', tabs: false, title: 'VIP特权' }),
  route('/iframepage', () => import('@/features/promo/screens/VipScreen'),           { login: false, header: 'main', tabs: false, title: 'VIP特权' }),
  route('/inviter',  () => import('@/features/promo/screens/InviterScreen'),         { login: false, header: 'main', tabs: false, title: '邀请好友' }),
  route('/applyagent', () => import('@/features/promo/screens/ApplyAgentScreen'),    { login: true,  header: 'main', tabs: false, title: '合营计划' }),
  route('/zhanzhu',  () => import('@/features/promo/screens/ZhanzhuScreen'),         { login: false, header: 'main', tabs: true }),
  route('/zhanzhuye', () => import('@/features/promo/screens/ZhanzhuyeScreen'),      { login: false, header: 'main', tabs: false, title: '赞助' }),
  route('/home',     () => import('@/features/hall/screens/HomeScreen'),             { login: false, header: 'main', tabs: true }),
  route('/index_old', () => import('@/features/hall/screens/IndexOldScreen'),        { login: false, header: 'main', tabs: true }),
  route('/discover', () => import('@/features/content/screens/DiscoverScreen'),      { login: false, header: 'main', tabs: true }),
  route('/app',      () => import('@/features/content/screens/AppDownloadScreen'),   { login: true,  header: 'main', tabs: true }),
  route('/message',  () => import('@/features/content/screens/MessageScreen'),       { login: true,  header: 'back', tabs: false, title: '消息中心' }),
  route('/boutBallBet', () => import('@/features/content/screens/HelpScreen'),       { login: false, header: 'main', tabs: false, title: '帮助中心' }),
  route('/boutBallBetInfo', () => import('@/features/content/screens/HelpArticleScreen'), { login: false, header: 'main', tabs: false, title: '帮助中心' }),
  route('/abouts',   () => import('@/features/content/screens/AboutsScreen'),        { login: false, header: 'none', tabs: false }),
  route('/kefu',     () => import('@/features/content/screens/KefuScreen'),          { login: false, header: 'main', tabs: false, title: '在线客服' }),
];

/**
 * Starts loading the code of the screen at `pathname` (unknown paths show the hall), so that it comes
 * in parallel with the entry instead of after its first render. Settles once it has loaded or failed.
 */
export function preloadScreen(pathname: string, table: AppRoute[] = appRoutes): Promise<void> {
  return loadScreen(pathname, table).then(() => undefined);
}

/** Whether the screen at `pathname` prepares its first data before the app renders (see prepareScreen). */
export function screenPrepares(pathname: string, table: AppRoute[] = appRoutes): boolean {
  return table.find((r) => r.path === pathname)?.prepares === true;
}

/** The screen module at `pathname` (unknown paths: the hall's); null when it failed to load. */
function loadScreen(pathname: string, table: AppRoute[]): Promise<ScreenModule | null> {
  const target = table.find((r) => r.path === pathname) ?? table.find((r) => r.path === '/');
  const load = target?.preload?.() ?? Promise.resolve(null);
  // A failed load shows again, and is reported, on render.
  return load.then(
    (module) => (module as ScreenModule | null) ?? null,
    () => null,
  );
}

/**
 * Loads the screen at `pathname` and lets it prepare its first data (ScreenModule.prepare) with
 * `search`, the route's query string. Settles when both are done or failed, or after `waitMs`: a slow
 * reply must not keep the page blank, the screen then shows its loading state as usual.
 */
export function prepareScreen(
  pathname: string,
  search: string,
  client: QueryClient,
  waitMs: number,
  table: AppRoute[] = appRoutes,
): Promise<void> {
  const prepared = loadScreen(pathname, table).then((module) =>
    module?.prepare?.(client, new URLSearchParams(search)),
  );
  const late = new Promise<void>((resolve) => setTimeout(resolve, waitMs));
  return Promise.race([prepared, late]).then(
    () => undefined,
    () => undefined,
  );
}

/** Asks a visitor on a 'confirm' route to log in: loaded when one opens such a route. */
const LoginInvite = lazy(() => import('@/app/LoginInvite'));

/**
 * One route: the guard, then the route's header variant and its lazy screen. A screen that throws (or
 * whose code fails to load) is replaced by the route error, under the same header and tab bar, until the
 * next navigation.
 */
function RouteScreen({ route }: { route: AppRoute }) {
  const loggedIn = useIsLoggedIn();
  const { pathname, search, key } = useLocation();
  if (route.login && !loggedIn) {
    const to = loginPath(pathname + search);
    if (route.login !== 'confirm') return <Navigate to={to} replace />;
    return (
      <Suspense fallback={null}>
        <LoginInvite to={to} />
      </Suspense>
    );
  }
  const Screen = route.screen;
  const title = route.title ?? '';
  return (
    <>
      <Header variant={route.header} title={title} ownTop={route.ownTop ?? false} />
      <main
        className="app-main"
        style={{ '--app-top-height': headerHeight(route.header, title) } as CSSProperties}
      >
        <ErrorBoundary resetKey={key}>
          <Suspense fallback={<ScreenFallback />}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </main>
    </>
  );
}

/**
 * The route at `pathname`, matched as react-router matched it: case aside, trailing slashes aside.
 */
export function matchRoute(pathname: string, table: AppRoute[]): AppRoute | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1').toLowerCase();
  return table.find((r) => r.path.toLowerCase() === path);
}

/**
 * The routes: the layout children of / with the tab bar, the top-level routes in the same frame without
 * it (a frame of its own: going between the two kinds mounts it anew, as a layout route would), and
 * every other path to /.
 */
export function AppRoutes({ table = appRoutes }: { table?: AppRoute[] }) {
  const { pathname, key } = useLocation();
  // A one-time login password: /login stands in for every route (it shows 修改登录密码 then).
  const route = matchRoute(useMustChangePassword() ? '/login' : pathname, table);
  return (
    <ErrorBoundary resetKey={key}>
      {route ? (
        <Shell key={route.tabs ? 'tabs' : 'top'} tabs={route.tabs}>
          <RouteScreen route={route} />
        </Shell>
      ) : (
        <Navigate to="/" replace />
      )}
    </ErrorBoundary>
  );
}
