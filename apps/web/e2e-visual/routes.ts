import type { Prepared } from './shared';

/**
 * Every route of src/app/routes.tsx with the query variants the spec names. `visitor`: what a visitor
 * is shown there ('screen': the route itself; 'invite': the 快来登录 dialog over the page; 'login': sent
 * to /login, and 'home': told 请登录！ and sent home after 1 s, where the picture would be /login's or
 * the hall's, so only the way there is checked).
 */
type VisitorSees = 'screen' | 'login' | 'invite' | 'home';

/**
 * A query string, or a name for the picture and the query made from what setup prepared (seeded ids,
 * random deposit numbers). Test names may not depend on setup: Playwright lists them before it runs.
 */
export type Variant = string | { name: string; query: (p: Prepared) => string; visitor?: VisitorSees };

export interface Shot {
  path: string;
  variants: Variant[];
  visitor: VisitorSees;
}

const plain: Variant[] = [''];
const only = (...queries: string[]): Variant[] => queries;
const room = (i: number): Variant => ({
  name: `room-${i + 1}`,
  query: (p) => `room_id=${p.rooms[i]?.id ?? 'missing'}`,
  visitor: 'home',
});

// prettier-ignore
export const SHOTS: Shot[] = [
  { path: '/', variants: plain, visitor: 'screen' },
  { path: '/login', variants: plain, visitor: 'screen' },
  { path: '/reg', variants: plain, visitor: 'screen' },
  { path: '/reg2', variants: plain, visitor: 'screen' },
  { path: '/transfer', variants: plain, visitor: 'invite' },
  { path: '/account', variants: plain, visitor: 'login' },
  { path: '/money', variants: plain, visitor: 'login' },
  { path: '/transRecord', variants: plain, visitor: 'login' },
  { path: '/fundsRecord', variants: plain, visitor: 'login' },
  { path: '/wallet', variants: plain, visitor: 'login' },
  { path: '/addBankCard', variants: plain, visitor: 'login' },
  { path: '/addUsdtCard', variants: plain, visitor: 'login' },
  { path: '/usdtmore', variants: plain, visitor: 'screen' },
  { path: '/withdrawal', variants: plain, visitor: 'login' },
  { path: '/withdrawAccount', variants: plain, visitor: 'login' },
  { path: '/recharge', variants: plain, visitor: 'login' },
  { path: '/payInfo', variants: [{ name: 'usdt', query: (p) => `deposit_no=${p.deposits.usdt}` }, { name: 'wechat', query: (p) => `deposit_no=${p.deposits.wechat}` }], visitor: 'login' },
  { path: '/lottery', variants: [room(0), room(1), room(2), { name: 'list', query: () => '', visitor: 'home' }, { name: 'room-vip', query: (p) => `room_id=${p.vipRoom}`, visitor: 'home' }], visitor: 'screen' },
  { path: '/gamePage', variants: ['', { name: 'dailiD-1', query: () => 'dailiD=1', visitor: 'login' }, 'dailiD=2', 'app=1'], visitor: 'screen' },
  { path: '/concise', variants: only('', 'type=2'), visitor: 'screen' },
  { path: '/userCent', variants: plain, visitor: 'login' },
  { path: '/mine', variants: plain, visitor: 'login' },
  { path: '/mine_old', variants: plain, visitor: 'login' },
  { path: '/userInfo', variants: plain, visitor: 'login' },
  { path: '/password', variants: plain, visitor: 'login' },
  { path: '/protection', variants: plain, visitor: 'login' },
  { path: '/betRecord', variants: plain, visitor: 'login' },
  { path: '/activity', variants: plain, visitor: 'screen' },
  { path: '/activity_old', variants: plain, visitor: 'screen' },
  { path: '/activityInfo', variants: [{ name: 'id', query: (p) => `id=${p.activityId}` }], visitor: 'screen' },
  { path: '/activityRecord', variants: plain, visitor: 'login' },
  { path: '/hongbao', variants: plain, visitor: 'invite' },
  { path: '/welfare', variants: plain, visitor: 'login' },
  { path: '/fanshui', variants: plain, visitor: 'login' },
  { path: '/vip', variants: plain, visitor: 'screen' },
  { path: '/vip2', variants: plain, visitor: 'screen' },
  { path: '/iframepage', variants: plain, visitor: 'screen' },
  { path: '/inviter', variants: plain, visitor: 'screen' },
  { path: '/applyagent', variants: plain, visitor: 'login' },
  { path: '/zhanzhu', variants: plain, visitor: 'screen' },
  { path: '/zhanzhuye', variants: only('', 'type=1'), visitor: 'screen' },
  { path: '/home', variants: plain, visitor: 'screen' },
  { path: '/index_old', variants: plain, visitor: 'screen' },
  { path: '/discover', variants: plain, visitor: 'screen' },
  { path: '/app', variants: plain, visitor: 'login' },
  { path: '/message', variants: only('', 'type=1', 'type=2'), visitor: 'login' },
  { path: '/boutBallBet', variants: plain, visitor: 'screen' },
  { path: '/boutBallBetInfo', variants: only('type=1'), visitor: 'screen' },
  { path: '/abouts', variants: only('', 'type=5'), visitor: 'screen' },
  { path: '/kefu', variants: plain, visitor: 'screen' },
];

/** The picture's file name (`lottery_room-1`, `hall` for /), the query to open, what a visitor sees. */
export function shotOf(shot: Shot, variant: Variant) {
  const base = shot.path === '/' ? 'hall' : shot.path.slice(1);
  if (typeof variant !== 'string') {
    return {
      name: `${base}_${variant.name}`,
      query: variant.query,
      visitor: variant.visitor ?? shot.visitor,
    };
  }
  const name = variant ? `${base}_${variant.replace(/[=&]/g, '-')}` : base;
  return { name, query: () => variant, visitor: shot.visitor };
}
