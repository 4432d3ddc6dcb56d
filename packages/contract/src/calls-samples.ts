/** One valid request and one wire reply per call, for the calls tests (the money calls' are in calls-money-samples.ts). */
import type { CallDef } from './define';
import { balance, logoff, refreshUserMoney, user } from './auth';
import { login, register } from './auth-forms';
import {
  agentLoginUrl,
  app,
  article,
  bannerList,
  homeNotice,
  noticeList,
  serviceUrl,
  visitUrl,
} from './site';
import { messageList } from './content';
import {
  confirmPlayLimit,
  playSession,
  protection,
  setPlayLimit,
  setRealityCheck,
  setSessionLimit,
  confirmSessionLimit,
  takeBreak,
} from './protection';
import { gameList, gameUrl, slotGames } from './games';
import { fundsRecords, fundsSummary } from './wallet';
import { lotteryOrder, lotteryRoom, lotteryRooms, lotteryRoomsByName } from './lottery';
import {
  activities,
  activityApplications,
  activityDetail,
  activityTypes,
  applyActivity,
  claimRebates,
  claimRedPacket,
  rebates,
  redPacketInfo,
  redPacketRecords,
  vipLevels,
  vipProgress,
} from './promo';
import { applyAgent, inviteStats } from './agents';
import { betRecords, changePassword, updateProfile, uploadAvatar } from './member';
import { page, T, T_MS, type Sample } from './calls-test-support';
import { MONEY_SAMPLES } from './calls-money-samples';
import { AGENT_OFFICE_SAMPLES } from './calls-agent-samples';
import { SUPPORT_DESK_SAMPLES } from './calls-support-samples';

export const SAMPLES = new Map<CallDef, Sample>([
  [
    login,
    {
      request: { name: 'player01', password: 'secret1' },
      reply: { api_token: 'tok' },
      data: { token: 'tok' },
    },
  ],
  [
    register,
    {
      request: {
        name: 'player01',
        realname: '张三',
        password: 'secret1',
        confirmPass: 'secret1',
        paypassword: 'secret1',
        code: 'ab12',
        pid: '',
      },
      reply: { api_token: 'tok' },
    },
  ],
  [logoff, { request: {}, reply: null }],
  [
    user,
    {
      request: {},
      reply: { uid: '1', username: 'player01', balance: '100.00' },
      data: { id: 1, balance: 10000 },
    },
  ],
  [refreshUserMoney, { request: undefined, reply: { user_id: 1, username: 'player01', gameblance: 5 } }],
  [balance, { request: {}, reply: { balance: '12.50' }, data: 1250 }],
  [
    app,
    { request: {}, reply: { title: '站点', site_state: '0', repair_tips: '维护中' }, data: { open: false } },
  ],
  [bannerList, { request: { type: 2 }, reply: [{ pic: '/a.png' }], data: [{ src: '/a.png' }] }],
  [homeNotice, { request: {}, reply: ['公告一', { content: '公告二' }], data: ['公告一', '公告二'] }],
  [noticeList, { request: { page: '2' }, reply: page([{ title: 't', content: 'c', created_at: T }]) }],
  [serviceUrl, { request: {}, reply: { url: 'https://kf.example/chat' } }],
  [visitUrl, { request: {}, reply: { url: 'https://h5.example' } }],
  [agentLoginUrl, { request: {}, reply: { url: 'https://agent.example' } }],
  [article, { request: { type: '7' }, reply: { title: '关于我们', content: '<p>x</p>' } }],
  [
    messageList,
    {
      request: { page: 2 },
      reply: page([{ id: '3', title: '欢迎', content: '<p>hi</p>', created_at: T }]),
      data: { data: [{ id: 3, title: '欢迎', content: '<p>hi</p>', created_at: T_MS }] },
    },
  ],
  [
    protection,
    {
      request: {},
      reply: {
        limits: [
          {
            kind: 'loss',
            period: 'day',
            amount: '100.00',
            used: '30.00',
            remaining: '70.00',
            resets_at: T,
            pending: { amount: null, confirm_from: T, confirm_by: T },
          },
        ],
        break: null,
        reality_check: 20,
        session_limit: { minutes: 120, pending: { minutes: 0, confirm_from: T, confirm_by: T } },
      },
      data: { limits: [{ amount: 10000, used: 3000, pending: { amount: null, confirm_from: T_MS } }] },
    },
  ],
  [
    setPlayLimit,
    {
      request: { kind: 'deposit', period: 'week', amount: '500' },
      reply: { limits: [], break: null, reality_check: 0, session_limit: { minutes: 0, pending: null } },
      data: { limits: [] },
    },
  ],
  [
    confirmPlayLimit,
    {
      request: { kind: 'wager', period: 'month' },
      reply: { limits: [], break: null, reality_check: 0, session_limit: { minutes: 0, pending: null } },
    },
  ],
  [
    takeBreak,
    {
      request: { kind: 'exclusion', months: 0, confirm: 1 },
      reply: {
        limits: [],
        break: { kind: 'exclusion', started_at: T, ends_at: null },
        reality_check: 0,
        session_limit: { minutes: 0, pending: null },
      },
      data: { break: { kind: 'exclusion', started_at: T_MS, ends_at: null } },
    },
  ],
  [
    setRealityCheck,
    {
      request: { minutes: 30 },
      reply: { limits: [], break: null, reality_check: 30, session_limit: { minutes: 0, pending: null } },
      data: { reality_check: 30 },
    },
  ],
  [
    setSessionLimit,
    {
      request: { minutes: 60 },
      reply: { limits: [], break: null, reality_check: 0, session_limit: { minutes: 60, pending: null } },
      data: { session_limit: { minutes: 60, pending: null } },
    },
  ],
  [
    confirmSessionLimit,
    {
      request: {},
      reply: { limits: [], break: null, reality_check: 0, session_limit: { minutes: 0, pending: null } },
    },
  ],
  [
    playSession,
    {
      request: {},
      reply: { started_at: T, ends_at: T, stakes: '120.00', winnings: '80.00', net: '-40.00' },
      data: { started_at: T_MS, ends_at: T_MS, stakes: 12000, winnings: 8000, net: -4000 },
    },
  ],
  [
    gameList,
    {
      request: { category: 'realbet' },
      reply: [
        { category_id: 'realbet', app_state: 1, platform_name: 'AG', game_code: 'ag' },
        { category_id: 'realbet', app_state: 0, platform_name: 'Hidden', game_code: 'x' },
      ],
      data: [{ platformName: 'AG' }],
    },
  ],
  [
    slotGames,
    {
      request: { gamecode: 'pp' },
      reply: [{ catecode: 'pp', gamecode: 'vs20', gamename: '甜蜜', gamepic: '/p.png' }],
      data: [{ platform: 'pp', gameCode: 'vs20', name: '甜蜜', picture: '/p.png' }],
    },
  ],
  [
    gameUrl,
    {
      request: { plat_name: 'ag', game_type: 'live', game_code: '', is_mobile_url: 1 },
      reply: { url: 'https://game.example/launch?t=1' },
      data: 'https://game.example/launch?t=1',
    },
  ],
  ...MONEY_SAMPLES,
  ...AGENT_OFFICE_SAMPLES,
  ...SUPPORT_DESK_SAMPLES,
  [
    lotteryRooms,
    {
      request: {},
      reply: [{ id: 1, title: '初级房', lottery: { title: '加拿大28' } }],
      data: [{ id: 1, title: '初级房', lotteryTitle: '加拿大28' }],
    },
  ],
  [lotteryRoomsByName, { request: { name: 'jnd28' }, reply: [{ id: '2', title: '高级房', lottery: [] }] }],
  [
    lotteryRoom,
    {
      request: { room_id: '1' },
      reply: {
        title: '初级房',
        ftime: 30,
        lottery: {
          title: '加拿大28',
          type: 2,
          nowdata: { expect: '20261122001', nextexpect: '20261122002', timeout: 120, last: [] },
          openlist: null,
        },
        chatdata: null,
        playbox: [
          { name: '大小单双', desc: '', special: 0, childrens: [{ id: 1, playtitle: '大', odds: '2' }] },
        ],
      },
      data: { lotteryType: 2, closeSeconds: 30, now: { openExpect: '20261122002', last: null }, history: [] },
    },
  ],
  [
    lotteryOrder,
    {
      request: { room_id: 1, expect: 20261122002, order: [{ id: 3, total: '10', data: [] }] },
      reply: { sysmsg: false, id: 5, author: 'player01', avatar: '', content: '大 10', type: 'order' },
      data: { userId: 5, kind: 'order', system: false },
    },
  ],
  [
    redPacketInfo,
    {
      request: { page: '1' },
      reply: {
        sendnums: 2,
        acquirednum: '1',
        max_times: 3,
        rules: [
          { start_time: '10:00', end_time: '12:00', day_flow: '100.00', flow_money: '999.00', recharge: 1 },
        ],
        list: page([{ money: '100.00', redpacketmoney: '8.88', created_at: T, usetime: T }]),
      },
      data: {
        remainingClaims: 2,
        claimedCount: 1,
        rules: [{ minDeposit: 10000, maxDeposit: 99900, claims: 1 }],
        records: { data: [{ packetAmount: 888, usedAt: T_MS }] },
      },
    },
  ],
  [claimRedPacket, { request: {}, reply: { redpacketmoney: '8.88' }, data: { amount: 888 } }],
  [redPacketRecords, { request: { page: 1 }, reply: page([]) }],
  [activityTypes, { request: {}, reply: [{ id: 1, name: '限时活动' }] }],
  [
    activities,
    {
      request: { type: '2' },
      reply: { data: [{ id: 1, banner: '/b.png', title: '首存', type: 2 }] },
      data: [{ id: 1, typeId: 2 }],
    },
  ],
  [
    activityDetail,
    {
      request: { id: '1' },
      reply: { id: 1, title: '首存', banner: '/b.png', content: '<p>x</p>', memo: '' },
    },
  ],
  [applyActivity, { request: { activityid: 1 }, reply: null }],
  [
    activityApplications,
    {
      request: { page: 1 },
      reply: page([{ activity_name: '首存', created_at: T, state: '1' }]),
      data: { data: [{ activityName: '首存', state: 1 }] },
    },
  ],
  [
    vipLevels,
    {
      request: {},
      reply: Array.from({ length: 10 }, (_, i) => ({
        recharge: (i + 1) * 1000,
        flow: '5000.00',
        realperson: '0.5',
        sport: 0.6,
        e_sport: 0.6,
        joker: 0.5,
        electron: 0.7,
        lottery: 0.3,
      })),
    },
  ],
  [
    vipProgress,
    {
      request: {},
      reply: {
        level: 3,
        next_level: 4,
        deposits: '1200.00',
        bets: 800,
        next_recharge: '5000.00',
        next_flow: '10000.00',
      },
      data: { level: 3, nextLevel: 4, deposits: 120000, bets: 80000, nextRecharge: 500000 },
    },
  ],
  [applyAgent, { request: { mobile: '13812345678', apply_info: '我想加入' }, reply: null }],
  [
    rebates,
    {
      request: { date: 4, page: 1, api_type: '', type: '' },
      reply: {
        list: page([{ gamename: 'AG', money: '1.20', created_at: T, updated_at: null, state: 0 }]),
        jisuan: '10.00',
        nojisuan: 5,
      },
      data: { records: { data: [{ amount: 120, claimed: false }] }, claimedTotal: 1000, pendingTotal: 500 },
    },
  ],
  [claimRebates, { request: {}, reply: null }],
  [
    inviteStats,
    {
      request: { start_date: '2026-11-01', end_date: '2026-11-22', page: 1 },
      reply: {
        team_count: 3,
        month_recharge: '300.00',
        records: page([{ date: '2026-11-20', bonus: '5.00', remark: '' }]),
      },
      data: { downlineCount: 3, newToday: 0, depositsThisMonth: 30000, records: { data: [{ bonus: 500 }] } },
    },
  ],
  [uploadAvatar, { request: {}, reply: { avatar: '/uploads/a.png' }, data: { avatar: '/uploads/a.png' } }],
  [
    updateProfile,
    { request: { mobile: '13812345678', email: 'a@b.cn', birthday: '1990-05-01' }, reply: null },
  ],
  [changePassword, { request: { password: 'oldpass1', paypassword: 'newpass1' }, reply: null }],
  [betRecords, { request: { date: 1, page: 1, api_type: '' }, reply: page([]) }],
  [
    fundsRecords,
    {
      request: { date: 5, page: 1 },
      reply: page([
        { id: '9', reason: 'deposit', label: '存款入账', amount: '-1.50', reference: 'D1', created_at: T },
      ]),
      data: { data: [{ id: '9', amount: -150, createdAt: T_MS }], total: 1 },
    },
  ],
  [
    fundsSummary,
    {
      request: {},
      reply: { deposits: '300.00', withdrawals: '500.00', net: '-200.00' },
      data: { deposits: 30000, withdrawals: 50000, net: -20000 },
    },
  ],
]);
