import type { ReplyOf } from '@app/contract/define';
import {
  activities,
  activityApplications,
  activityDetail,
  activityTypes,
  rebates,
  redPacketInfo,
  redPacketRecords,
  vipLevels,
  vipProgress,
} from '@app/contract/promo';
import { inviteStats } from '@app/contract/agents';
import { visitUrl } from '@app/contract/site';
import { venueBalances } from '@app/contract/wallet';
import { reply } from '@app/mobile/test/msw-contract';

/* Promotions replies for the promo screen tests (each test adds these with server.use). */

export const ACTIVITY_TYPES: ReplyOf<typeof activityTypes> = [
  { id: 1, name: '限时活动' },
  { id: 2, name: '新人首存' },
  { id: 3, name: '日常活动' },
];

const ACTIVITY_ROWS = [
  { id: 11, banner: '/assets-seed/a1.jpg', title: '首存送100%', type: 2 },
  { id: 12, banner: '/assets-seed/a2.jpg', title: '每日签到', type: 3 },
];
/** The activity list; `ACTIVITY_ROWS` by themselves for a list of one type. */
export const ACTIVITIES = { data: ACTIVITY_ROWS } satisfies ReplyOf<typeof activities>;
export { ACTIVITY_ROWS };

export const ACTIVITY: ReplyOf<typeof activityDetail> = {
  id: 11,
  title: '首存送100%',
  banner: '/assets-seed/a1.jpg',
  content: '<p>活动内容<img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">链接</a></p>',
  memo: '最终解释权归平台所有',
};

export function vipRows(): ReplyOf<typeof vipLevels> {
  return Array.from({ length: 10 }, (_, i) => ({
    level: `VIP${i + 1}`,
    recharge: `${(i + 1) * 1000}.00`,
    flow: `${(i + 1) * 5000}.00`,
    keep_flow: '0.00',
    realperson: 0.5 + i / 10,
    sport: '0.6',
    e_sport: 0.6,
    joker: 0.7,
    electron: 0.8,
    lottery: 0.3,
  }));
}

export const RED_PACKET: ReplyOf<typeof redPacketInfo> = {
  sendnums: 2,
  acquirednum: 1,
  max_times: 3,
  rules: [
    {
      start_time: '10:00',
      end_time: '12:00',
      day_flow: '100.00',
      flow_money: '1000.00',
      recharge: 1,
      max_money: '8.88',
    },
  ],
};

export const INVITE: ReplyOf<typeof inviteStats> = {
  team_count: 3,
  month_new: 2,
  month_active: 1,
  valid_active: 1,
  today_new: 1,
  today_active: 0,
  valid_new: 1,
  month_recharge: '300.00',
  today_recharge: '0.00',
  invite_url: '',
  records: { data: [{ date: '2026-11-20 10:00:00', bonus: '8.00', remark: '推荐奖金' }], total: 1 },
  friends: {
    data: [{ username: 'fr***nd', joined_at: '2026-11-18 09:00:00', deposits: '300.00', bets: '120.50' }],
    total: 1,
  },
};

/** VIP3 member: deposits reach VIP4's 4000.00, valid bets 3000.00 of its 20000.00. */
export const VIP_PROGRESS: ReplyOf<typeof vipProgress> = {
  level: 3,
  next_level: 4,
  deposits: '4000.00',
  bets: '3000.00',
  next_recharge: '4000.00',
  next_flow: '20000.00',
};

export const promoHandlers = [
  reply(activityTypes, ACTIVITY_TYPES),
  reply(activities, ACTIVITIES),
  reply(activityDetail, ACTIVITY),
  reply(activityApplications, { data: [], total: 0 }),
  reply(vipLevels, vipRows()),
  reply(redPacketInfo, RED_PACKET),
  reply(redPacketRecords, { data: [], total: 0 }),
  reply(rebates, { list: { data: [], total: 0 }, jisuan: '0.00', nojisuan: '0.00' }),
  reply(venueBalances, [{ name: 'AG真人', platname: 'AG', balance: '0.00' }]),
  reply(inviteStats, INVITE),
  reply(vipProgress, VIP_PROGRESS),
  reply(visitUrl, { url: 'https://m.example.com/?pid=42' }),
];
