import { describe, expect, it } from 'vitest';
import type { CallDef } from './define';
import { ALL_CALLS, SHARED_PATH_CALLS } from './calls';
import { SAMPLES } from './calls-samples';
import { gameUrl } from './games';
import { transfer, transferAll } from './wallet';
import { bindCard, deposit, uploadVoucher } from './cashier';
import { withdraw, withdrawByQrcode } from './withdrawals';
import { lotteryOrder } from './lottery';
import { applyActivity, claimRebates, claimRedPacket } from './promo';
import { uploadAvatar } from './member';
import { register } from './auth-forms';
import { applyAgent } from './agents';
import { supportImage } from './support-desk';

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

  it('adds only our own calls to spec §7: messageList, 责任博彩, 资金明细, vipProgress, inviteInfo, the agent back office and the support desk', () => {
    const spec = new Set(SPEC_CALLS.map(([m, p]) => `${m} ${p}`));
    expect(ALL_CALLS.filter((c) => !spec.has(key(c))).map((c) => c.name)).toEqual([
      'messageList',
      'protection',
      'setPlayLimit',
      'confirmPlayLimit',
      'takeBreak',
      'setRealityCheck',
      'setSessionLimit',
      'confirmSessionLimit',
      'playSession',
      'fundsRecords',
      'fundsSummary',
      'vipProgress',
      'inviteInfo',
      'agentTicket',
      'agentOverview',
      'agentDownline',
      'agentStatements',
      'agentInvites',
      'agentInviteCreate',
      'agentInviteRevoke',
      'agentSubAgents',
      'agentSubAgentRates',
      'agentTeamReport',
      'supportTicket',
      'supportVisitor',
      'supportState',
      'supportMessages',
      'supportSend',
      'supportImage',
      'supportRead',
      'supportHistory',
      'supportRate',
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

  it('flags the calls that create something, so that a repeat under its key replays the first reply', () => {
    const creating = ALL_CALLS.filter((c) => c.idempotent);
    expect(new Set(creating)).toEqual(new Set([register, bindCard, applyActivity, applyAgent]));
  });

  it('flags the uploads as multipart, and only those', () => {
    expect(new Set(ALL_CALLS.filter((c) => c.multipart))).toEqual(
      new Set([uploadAvatar, uploadVoucher, withdrawByQrcode, supportImage]),
    );
  });

  // agentTicket too: the one-time ticket is its credential (it opens a session of the agent); and the
  // support desk's door (a ticket, or a visitor's nickname), its other calls asking for its own token.
  it('leaves to visitors only what the spec lets them see, the back office ticket and the support desk', () => {
    const open = ALL_CALLS.filter((c) => c.auth !== 'member' && c.auth !== 'support').map((c) => c.name);
    expect(open.sort()).toEqual(
      [
        'activitydeatil',
        'activitylist',
        'activitytype',
        'agentTicket',
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
        'supportTicket',
        'supportVisitor',
        'uservip',
      ].sort(),
    );
  });
});
