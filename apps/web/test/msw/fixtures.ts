import { balance, refreshUserMoney, user, type UserInfoWire } from '@app/contract/auth';
import { playSession, protection } from '@app/contract/protection';
import type { ReplyOf } from '@app/contract/define';
import { gameList } from '@app/contract/games';
import { app as appCall, bannerList, homeNotice, serviceUrl } from '@app/contract/site';
import { reply, replyWith } from '@app/mobile/test/msw-contract';
import { lotteryHandlers } from './lottery';
import { walletHandlers } from './wallet';

export const SITE: ReplyOf<typeof appCall> = {
  title: '测试娱乐城',
  site_state: 1,
  repair_tips: '',
  redpacket_switch: 1,
  index_modal: '',
  webcontent: '',
  site_logo: '',
  h5_url: '',
  ios_download_url: '',
  ios_download_qrcode: '',
};

export const MEMBER: UserInfoWire = {
  id: 7,
  username: 'demo001',
  realname: '张三',
  avatar: '',
  balance: '1000.00',
  gameblance: '0.00',
  vip: 'P3',
  current_vip: 'P3',
  paysum: '500.00',
  joinday: 12,
  isagent: 0,
  mobile: '',
  email: '',
  birthday: '',
  usdtrate: '7.1',
  transferstatus: 0,
  withdrawcashfee: '1.00',
  withdrawfeeusdttrc: '1.00',
  withdrawusdtrate: '7.0',
};

export const BANNERS: ReplyOf<typeof bannerList> = [
  { src: '/assets-seed/banner1.jpg' },
  { pic: '/assets-seed/banner2.jpg' },
];
export const NOTICES: ReplyOf<typeof homeNotice> = ['欢迎光临本站', { content: '每日存款送红包' }];

export function gamesOf(category: string): ReplyOf<typeof gameList> {
  return [
    {
      category_id: category,
      app_state: 1,
      platform_name: `${category.toUpperCase()}平台`,
      game_code: `${category}1`,
    },
    { category_id: category, app_state: 0, platform_name: '隐藏平台', game_code: 'hidden' },
  ];
}

/** What the server answers when nothing else is said. */
export const defaultHandlers = [
  reply(appCall, SITE),
  reply(bannerList, BANNERS),
  reply(homeNotice, NOTICES),
  replyWith(gameList, (request) => gamesOf(new URL(request.url).searchParams.get('category') ?? '')),
  reply(serviceUrl, { url: 'https://support.example.com/chat' }),
  reply(user, MEMBER),
  reply(refreshUserMoney, MEMBER),
  reply(balance, { balance: '1000.00' }),
  reply(protection, {
    limits: [],
    break: null,
    reality_check: 0,
    session_limit: { minutes: 0, pending: null },
  }),
  reply(playSession, {
    started_at: '2026-11-29 10:00:00',
    ends_at: null,
    stakes: '0.00',
    winnings: '0.00',
    net: '0.00',
  }),
  ...walletHandlers,
  ...lotteryHandlers,
];
