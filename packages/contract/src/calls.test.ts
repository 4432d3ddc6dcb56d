import { describe, expect, it } from 'vitest';
import type { CallDef } from './define';
import { ALL_CALLS, SHARED_PATH_CALLS } from './calls';
import { balance, login, logoff, refreshUserMoney, register, user } from './auth';
import {
  agentLoginUrl,
  app,
  article,
  bannerList,
  homeNotice,
  messageList,
  noticeList,
  serviceUrl,
  visitUrl,
} from './site';
import { gameList, gameUrl, slotGames } from './games';
import {
  accountRecords,
  banks,
  bindCard,
  bindMobile,
  cards,
  changePayPassword,
  deleteCard,
  deposit,
  depositInfo,
  payRange,
  payWays,
  receivingCards,
  setAutoTransfer,
  transfer,
  transferAll,
  uploadVoucher,
  venueBalances,
  withdraw,
  withdrawByQrcode,
  withdrawFee,
  withdrawTurnover,
} from './wallet';
import { lotteryOrder, lotteryRoom, lotteryRooms, lotteryRoomsByName } from './lottery';
import {
  activities,
  activityApplications,
  activityDetail,
  activityTypes,
  applyActivity,
  applyAgent,
  claimRebates,
  claimRedPacket,
  inviteStats,
  rebates,
  redPacketInfo,
  redPacketRecords,
  vipLevels,
} from './promo';
import { betRecords, changePassword, updateProfile, uploadAvatar } from './member';

const key = (c: CallDef) => `${c.method} ${c.path}`;

/** Spec §7's table, row by row: method, path, and the call's name in the spec. */
const SPEC_CALLS: [method: 'GET' | 'POST', path: string, name: string][] = [
  ['POST', '/api/login_pc', 'login_pc'],
  ['POST', '/api/register', 'register'],
  ['POST', '/api/app', 'app'],
  ['POST', '/api/logoff', 'logoff'],
  ['POST', '/api/user', 'user'],
  ['POST', '/api/refreshusermoney', 'refreshusermoney'],
  ['POST', '/api/balance', 'balance'],
  ['POST', '/api/balancelist', 'balancelist'],
  ['POST', '/api/transall', 'transall'],
  ['GET', '/api/getVisitUrl', 'getVisitUrl'],
  ['GET', '/api/game/list', 'game/list'],
  ['POST', '/api/gamelistBycode', 'gamelistBycode'],
  ['POST', '/api/getGameUrl', 'getGameUrl'],
  ['POST', '/api/getservicerurl', 'getservicerurl'],
  ['GET', '/api/getAgentLoginUrl', 'getAgentLoginUrl'],
  ['POST', '/api/bannerList', 'bannerList'],
  ['POST', '/api/homenotice', 'homenotice'],
  ['POST', '/api/noticeList', 'noticeList'],
  ['POST', '/api/lotteryList', 'lotteryList'],
  ['POST', '/api/lotteryRoom', 'lotteryRoom'],
  ['GET', '/api/lotteryRoom', 'lotteryRoom'],
  ['POST', '/api/lotteryOrder', 'lotteryOrder'],
  ['GET', '/api/userredpacket', 'userredpacket'],
  ['POST', '/api/douserredpacket', 'douserredpacket'],
  ['POST', '/api/redpacket', 'redpacket'],
  ['POST', '/api/activitytype', 'activitytype'],
  ['POST', '/api/activitylist', 'activitylist'],
  ['POST', '/api/activitydeatil', 'activitydeatil'],
  ['POST', '/api/doactivityapply', 'doactivityapply'],
  ['POST', '/api/activityApplyLog', 'activityApplyLog'],
  ['POST', '/api/uservip', 'uservip'],
  ['POST', '/api/applyagentdo', 'applyagentdo'],
  ['POST', '/api/article', 'article'],
  ['POST', '/api/getfanshui', 'getfanshui'],
  ['POST', '/api/dofanshui', 'dofanshui'],
  ['POST', '/api/uploadimg', 'uploadimg'],
  ['POST', '/api/updateuserinfo', 'updateuserinfo'],
  ['POST', '/api/auth/updateuserinfo', 'auth/updateuserinfo'],
  ['POST', '/api/getcard', 'getcard'],
  ['POST', '/api/delcard', 'delcard'],
  ['POST', '/api/bindcard', 'bindcard'],
  ['POST', '/api/banklist', 'banklist'],
  ['POST', '/api/editPassword', 'editPassword'],
  ['POST', '/api/editPayPassword', 'editPayPassword'],
  ['POST', '/api/betrecord', 'betrecord'],
  ['POST', '/api/gettransrecord', 'gettransrecord'],
  ['GET', '/api/get_pay_way', 'get_pay_way'],
  ['POST', '/api/getPayRange', 'getPayRange'],
  ['POST', '/api/recharge', 'recharge'],
  ['POST', '/api/getpaybank', 'getpaybank'],
  ['POST', '/api/payinfo', 'payinfo'],
  ['POST', '/api/getBetAmount', 'getBetAmount'],
  ['POST', '/api/getWithdrawFee', 'getWithdrawFee'],
  ['POST', '/api/withdraw', 'withdraw'],
  ['POST', '/api/upload_voucher', 'upload_voucher'],
  ['POST', '/api/transfer', 'transfer'],
  ['POST', '/api/uptransferstatus', 'uptransferstatus'],
];

describe('the registry', () => {
  it('lists every exported call once', () => {
    expect(new Set(ALL_CALLS).size).toBe(ALL_CALLS.length);
    expect(ALL_CALLS.length).toBe(SAMPLES.size);
  });

  it('has every call of spec §7, by name and by (method, path)', () => {
    const names = new Set(ALL_CALLS.map((c) => c.name));
    const keys = new Set(ALL_CALLS.map(key));
    for (const [method, path, name] of SPEC_CALLS) {
      expect(names.has(name), name).toBe(true);
      expect(keys.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
      expect(
        ALL_CALLS.some((c) => c.name === name && key(c) === `${method} ${path}`),
        `${name} on ${method} ${path}`,
      ).toBe(true);
    }
  });

  it('adds only messageList and inviteInfo (our own calls) to spec §7', () => {
    const spec = new Set(SPEC_CALLS.map(([m, p]) => `${m} ${p}`));
    expect(ALL_CALLS.filter((c) => !spec.has(key(c))).map((c) => c.name)).toEqual([
      'messageList',
      'inviteInfo',
    ]);
  });

  it('every path is under /api/', () => {
    for (const c of ALL_CALLS) expect(c.path, c.name).toMatch(/^\/api\/[A-Za-z0-9_/]+$/);
  });

  it('gives each call its own (method, path), except the documented shared-path calls', () => {
    const shared = new Set(SHARED_PATH_CALLS.flat());
    const seen = new Map<string, CallDef>();
    for (const c of ALL_CALLS.filter((c) => !shared.has(c))) {
      expect(seen.has(key(c)), key(c)).toBe(false);
      seen.set(key(c), c);
    }
    for (const group of SHARED_PATH_CALLS) {
      expect(new Set(group.map(key)).size, 'one path per group').toBe(1);
      expect(seen.has(key(group[0] as CallDef)), 'no other call on a shared path').toBe(false);
      expect(group.filter((c) => c.multipart).length, 'told apart by content type').toBe(1);
    }
    expect(SHARED_PATH_CALLS).toEqual([[withdraw, withdrawByQrcode]]);
  });

  it('flags every call that moves money, and only those', () => {
    const money = ALL_CALLS.filter((c) => c.money);
    expect(new Set(money)).toEqual(
      new Set([
        deposit,
        withdraw,
        withdrawByQrcode,
        transfer,
        transferAll,
        lotteryOrder,
        claimRedPacket,
        claimRebates,
      ]),
    );
    expect(applyActivity.money).toBe(false);
    expect(gameUrl.money).toBe(false);
  });

  it('flags the uploads as multipart, and only those', () => {
    expect(new Set(ALL_CALLS.filter((c) => c.multipart))).toEqual(
      new Set([uploadAvatar, uploadVoucher, withdrawByQrcode]),
    );
  });

  it('leaves to visitors only what the spec lets them see', () => {
    const open = ALL_CALLS.filter((c) => c.auth !== 'member').map((c) => c.name);
    expect(open.sort()).toEqual(
      [
        'activitydeatil',
        'activitylist',
        'activitytype',
        'app',
        'article',
        'bannerList',
        'game/list',
        'gamelistBycode',
        'getVisitUrl',
        'getservicerurl',
        'homenotice',
        'login_pc',
        'lotteryList',
        'lotteryRoom',
        'noticeList',
        'register',
        'uservip',
      ].sort(),
    );
  });
});

/* One valid request and one wire reply per call (also the fuzzer's starting points). `data`, when
 * given, is what the client gets (checked with toMatchObject). */
type Sample = { request: unknown; reply: unknown; data?: unknown };

const page = <T>(rows: T[]) => ({ data: rows, total: rows.length, current_page: 1, last_page: 1 });
const T = '2026-11-22 10:00:00';
const T_MS = Date.UTC(2026, 10, 22, 2);
const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const SAMPLES = new Map<CallDef, Sample>([
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
  [
    venueBalances,
    {
      request: {},
      reply: [{ name: 'AG真人', platname: 'ag', balance: '10.00' }],
      data: [{ name: 'AG真人', platform: 'ag', balance: 1000 }],
    },
  ],
  [transfer, { request: { amount: '50', sourcetype: 'userbalance', targettype: 'ag' }, reply: null }],
  [transferAll, { request: {}, reply: [] }],
  [setAutoTransfer, { request: { transferstatus: '1' }, reply: null }],
  [
    payWays,
    {
      request: {},
      reply: { card: 1, usdt: '1', wechat: 0, alipay: false },
      data: { bank: true, usdt: true, wechat: false, alipay: false },
    },
  ],
  [
    payRange,
    {
      request: { type: 'usdt-trc20' },
      reply: { min_price: '100.00', max_price: 50000 },
      data: { min: 10000, max: 5000000 },
    },
  ],
  [
    receivingCards,
    {
      request: {},
      reply: [
        {
          bank_no: 6222020200112233,
          bank_owner: '公司',
          bank_address: '北京',
          bank_data: { bank_name: '中国银行' },
        },
      ],
      data: [{ cardNo: '6222020200112233', holder: '公司', branch: '北京', bankName: '中国银行' }],
    },
  ],
  [
    deposit,
    {
      request: { paytype: 'usdt', amount: '500', catepay: 'usdt-trc20' },
      reply: { deposit_no: 'D2026112200001' },
      data: { depositNo: 'D2026112200001' },
    },
  ],
  [
    depositInfo,
    {
      request: { deposit_no: 'D2026112200001' },
      reply: {
        deposit_no: 'D2026112200001',
        info: { amount: '500.00', created_at: T, paytype: 'usdt' },
        cardlist: { mch_id: TRC, content: 'TRC20', payimg: '/qr.png' },
      },
      data: {
        amount: 50000,
        createdAt: T_MS,
        expiresAt: T_MS + 3_600_000,
        receiving: { account: TRC, protocol: 'TRC20', qrImage: '/qr.png' },
      },
    },
  ],
  [
    uploadVoucher,
    {
      request: {},
      reply: { path: 'v/1.png', real_path: '/uploads/v/1.png' },
      data: { url: '/uploads/v/1.png' },
    },
  ],
  [
    withdrawTurnover,
    {
      request: {},
      reply: { bet_amount: '50.00', recharge_amount: 100 },
      data: { betAmount: 5000, rechargeAmount: 10000 },
    },
  ],
  [withdrawFee, { request: {}, reply: { withdraw_fee: '1.5' }, data: 1.5 }],
  [withdraw, { request: { type: 'usdt', amount: '100', bank: 2, password: '123456' }, reply: null }],
  [
    withdrawByQrcode,
    {
      request: {
        type: 'alipay',
        amount: '100',
        password: '123456',
        alipay_account: 'a@b.cn',
        alipay_name: '张三',
      },
      reply: null,
    },
  ],
  [bindMobile, { request: { mobile: '13812345678' }, reply: null }],
  [
    cards,
    {
      request: { type: '2' },
      reply: [{ id: 1, bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, ico: '', bankIco: '' }],
      data: [{ id: 1, holder: 'TRC20', cardNo: TRC, protocol: 'TRC20' }],
    },
  ],
  [
    bindCard,
    {
      request: {
        bank_owner: '张三',
        bank: '中国银行',
        bank_address: '北京',
        bank_no: '6222020200112233',
        pay_pass: '123456',
      },
      reply: null,
    },
  ],
  [deleteCard, { request: { id: '3' }, reply: null }],
  [
    banks,
    { request: {}, reply: [{ bank_name: '中国银行' }], data: [{ id: null, name: '中国银行', icon: '' }] },
  ],
  [
    accountRecords,
    {
      request: { date: '2', type: '3', page: 1, api_type: 'ag' },
      reply: page([{ out_trade_no: 'T1', amount: '100.00', pay_way: '转入', state: 1, created_at: T }]),
      data: { data: [{ orderNo: 'T1', amount: 10000, payWay: '转入', state: 1, createdAt: T_MS }], total: 1 },
    },
  ],
  [changePayPassword, { request: { password: '123456', paypassword: '654321' }, reply: null }],
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
]);

describe.each(
  ALL_CALLS.map((c) => [`${c.method} ${c.path}${c.multipart ? ' (multipart)' : ''}`, c] as const),
)('%s', (_, call) => {
  const sample = SAMPLES.get(call);

  it('has a sample', () => expect(sample).toBeDefined());

  it('accepts a valid request', () => {
    const r = call.request.safeParse(sample?.request);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
  });

  it('reads a wire reply', () => {
    const r = call.response.safeParse(sample?.reply);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    if (sample?.data !== undefined) {
      if (typeof sample.data === 'object' && sample.data !== null) expect(r.data).toMatchObject(sample.data);
      else expect(r.data).toBe(sample.data);
    }
  });

  it('refuses a 10 KB string in any field', () => {
    const body = sample?.request;
    if (typeof body !== 'object' || body === null) return;
    for (const field of Object.keys(body)) {
      for (const huge of ['a'.repeat(10_240), '9'.repeat(10_240)]) {
        const r = call.request.safeParse({ ...body, [field]: huge });
        expect(r.success, `${field} = ${huge.slice(0, 3)}…`).toBe(false);
      }
    }
  });
});

describe('replies the client must survive', () => {
  it('withdrawFee: 1 when missing, empty, null data or PHP []', () => {
    for (const reply of [{}, { withdraw_fee: '' }, { withdraw_fee: null }, null, [], { withdraw_fee: 'x' }]) {
      expect(withdrawFee.response.parse(reply), JSON.stringify(reply)).toBe(1);
    }
  });
  it('payRange: the spec defaults (100–10000) when nothing is sent', () =>
    expect(payRange.response.parse(null)).toEqual({ min: 10000, max: 1000000 }));
  it('deposit: no data (bank transfer) gives depositNo null', () => {
    expect(deposit.response.parse(undefined)).toEqual({ depositNo: null });
    expect(deposit.response.parse([])).toEqual({ depositNo: null });
  });
  it('depositInfo: a bank deposit has no receiving account', () =>
    expect(
      depositInfo.response.parse({
        deposit_no: 'D1',
        info: { amount: 100, created_at: T, paytype: 'bank' },
        cardlist: [],
      }).receiving,
    ).toBeNull());
  it('uploadAvatar: url, path, a bare string or nothing', () => {
    expect(uploadAvatar.response.parse({ url: '/u.png' })).toEqual({ avatar: '/u.png' });
    expect(uploadAvatar.response.parse('/s.png')).toEqual({ avatar: '/s.png' });
    expect(uploadAvatar.response.parse(null)).toEqual({ avatar: null });
  });
  it('gameUrl: a javascript: URL is refused at the boundary', () =>
    expect(gameUrl.response.safeParse({ url: 'javascript:alert(document.cookie)' }).success).toBe(false));
  it('rebates: no list gives an empty page', () =>
    expect(rebates.response.parse({ jisuan: 0, nojisuan: null })).toEqual({
      records: { data: [], total: 0 },
      claimedTotal: 0,
      pendingTotal: 0,
    }));
  it('redPacketInfo: no page asked, no records', () => {
    expect(redPacketInfo.request.parse(undefined)).toEqual({ page: null });
    expect(redPacketInfo.response.parse({ sendnums: 0, acquirednum: 0, max_times: 3 }).records).toBeNull();
  });
  it('vipLevels: ten levels, numbered by position when the back end sends no level, rates in percent', () => {
    const levels = vipLevels.response.parse(SAMPLES.get(vipLevels)?.reply);
    expect(levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(levels[0]).toEqual({
      level: 1,
      recharge: 100000,
      flow: 500000,
      retentionFlow: 0,
      rates: { realperson: 0.5, sport: 0.6, e_sport: 0.6, joker: 0.5, electron: 0.7, lottery: 0.3 },
    });
    expect(vipLevels.response.parse([{ level: 'VIP7', recharge: 1 }])[0]?.level).toBe(7);
  });
  it('requests with every field optional accept no body at all', () => {
    expect(accountRecords.request.parse(undefined)).toEqual({ date: 4, type: 1, page: 1, api_type: null });
    expect(rebates.request.parse(undefined)).toEqual({ date: 4, page: 1, api_type: null, type: null });
    expect(activities.request.parse(undefined)).toEqual({ type: null });
    expect(betRecords.request.parse({})).toEqual({ date: 4, page: 1, api_type: null });
  });
});

describe('messageList (our addition): site messages, paged', () => {
  it('asks page 1 when no page is sent, and refuses page 0, negative or fractional pages', () => {
    expect(messageList.request.parse(undefined)).toEqual({ page: 1 });
    expect(messageList.request.parse({})).toEqual({ page: 1 });
    expect(messageList.request.parse({ page: '3' })).toEqual({ page: 3 });
    for (const page of [0, -1, 1.5, 'x']) expect(messageList.request.safeParse({ page }).success).toBe(false);
  });
  it('keeps the HTML content as it is (the app sanitises it when it shows it)', () => {
    const html = '<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">a</a></p>';
    const r = messageList.response.parse({
      data: [{ id: 1, title: 't', content: html, created_at: '2026-11-22 10:00:00' }],
      total: 1,
    });
    expect(r.data[0]?.content).toBe(html);
  });
  it('reads an empty page sent as [] or null', () => {
    for (const data of [[], null]) {
      expect(messageList.response.parse({ data, total: 0 }).data).toEqual([]);
    }
  });
});
