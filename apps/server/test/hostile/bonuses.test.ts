/**
 * The bonus attacks of the hostile review of 2026-11-27, replayed on the real server (PGlite and, in
 * the server-pg project, PostgreSQL). Each one paid out under the rules before issue 27.
 */
import { TRIAL_ACCOUNT } from '@app/contract/auth';
import { bonusValue } from '@app/contract/promo-value';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setClock } from '../../src/core/clock';
import { activities } from '../../src/db/schema/promo';
import { costsNow, ruleOf } from '../../src/modules/promo/value';
import { dataOf } from '../helpers';
import {
  activityId,
  apply,
  approve,
  balance,
  beijingAt,
  BIG,
  buildHostileApp,
  deposit,
  member,
  openRound,
  order,
  owed,
  pendingOf,
  refusal,
  roomOf,
  settle,
  SMALL,
  t,
  withdraw,
  type Member,
} from './support';

buildHostileApp(beijingAt('2030-03-06', 14));

const FIRST = '新会员首存送 38%';
const USDT = 'USDT 存款加赠 2%';

describe('新会员首存送 38%, two accounts on opposite sides (review §1: +283.44 per 1,000, riskless)', () => {
  it('the pair plays the review’s 9 rounds, cannot withdraw, and owes turnover worth more than both bonuses', async () => {
    const [a, b] = [await member(), await member()];
    for (const m of [a, b]) {
      await deposit(m.token, 1000);
      dataOf(await apply(m.token, await activityId(FIRST)));
      expect(dataOf(await approve(m.name, FIRST))).toMatchObject({ bonus: '380.00', turnover: '20700.00' });
    }
    // Each owes its deposit once, counted in full, then 15 × (1000 + 380) with lottery at 50 %.
    expect((await owed(a.token)).items).toMatchObject([
      { source: '存款', required: '1000.00', weights: '全部游戏按 100% 计入' },
      {
        source: '活动彩金',
        required: '20700.00',
        weights: '彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入',
      },
    ]);
    const room = await roomOf('jnd28');
    for (let i = 0; i < 9; i++) {
      const round = await openRound(room);
      const x = Math.max(1, Math.floor(Math.min(await balance(a.token), await balance(b.token)) / 8));
      dataOf(await order(a.token, room, round.expect, [[BIG, x]]));
      dataOf(await order(b.token, room, round.expect, [[SMALL, x]]));
      await settle(round);
    }
    for (const m of [a, b]) {
      const w = await withdraw(m, Math.floor(await balance(m.token)));
      expect(refusal(w)).toEqual([400, expect.stringMatching(/^打码量不足，还需[\d.]+元有效投注$/)]);
    }
    // What is left to stake, on lottery, the cheapest play (each bet counts in full toward the
    // deposit, then half toward the bonus): its sure 2 % loss takes the pair below its 2,000 deposited.
    let stakes = 0;
    for (const m of [a, b]) {
      for (const item of (await owed(m.token)).items) {
        const left = Number(item.required) - Number(item.done);
        stakes += item.source === '活动彩金' ? left / 0.5 : left;
      }
    }
    const pairNow = (await balance(a.token)) + (await balance(b.token));
    expect(pairNow - 0.02 * stakes).toBeLessThan(2000);
    // And the server's own figure for the rule is below 0, for one member and for the pair.
    const [rule] = await t.db.select().from(activities).where(eq(activities.title, FIRST));
    if (!rule) throw new Error('no rule');
    const value = bonusValue(ruleOf(rule), await costsNow(t.db));
    expect(value).toMatchObject({ positive: false });
    expect(value?.single).toBeLessThan(0);
    expect(value?.pair).toBeLessThan(0);
  });
});

describe('one bonus per deposit (review §1: the 2 % and the 38 % on one USDT deposit, +302 per 1,000)', () => {
  it('a USDT first deposit of 500 pays the 2 % or the 38 %, never both', async () => {
    const m = await member();
    await deposit(m.token, 500, 'usdt');
    dataOf(await apply(m.token, await activityId(USDT)));
    expect(dataOf(await approve(m.name, USDT))).toMatchObject({ bonus: '10.00' });
    expect(refusal(await apply(m.token, await activityId(FIRST)))).toEqual([
      400,
      '该笔存款已参与其他优惠，每笔存款限参与一个优惠',
    ]);
  });

  it('applied for both while neither was paid: approving both at once pays one', async () => {
    const m = await member();
    await deposit(m.token, 500, 'usdt');
    dataOf(await apply(m.token, await activityId(USDT)));
    dataOf(await apply(m.token, await activityId(FIRST)));
    const ids = [await pendingOf(m.name, USDT), await pendingOf(m.name, FIRST)];
    const replies = await Promise.all(ids.map((id) => t.op('/activities/approve', { id })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body?.message).toBe(
      '该会员的这笔存款已领取过其他优惠彩金（每笔存款限一个优惠）',
    );
    const paid = replies.find((r) => r.status === 200);
    if (!paid) throw new Error('none paid');
    expect(await balance(m.token)).toBe(501 + Number(dataOf<{ bonus: string }>(paid).bonus));
  });
});

describe('one first-deposit bonus per person (review §4: six accounts, one mobile, one card)', () => {
  const CARD = '6222 1234 5678 9012';
  const MOBILE = '13800138000';

  async function sharing(holder = '张三'): Promise<Member> {
    const m = await member();
    dataOf(
      await t.post(
        '/api/bindcard',
        { bank: '招商银行', bank_owner: holder, bank_no: CARD, bank_address: '深圳', pay_pass: 'secret123' },
        { token: m.token },
      ),
    );
    dataOf(await t.post('/api/auth/updateuserinfo', { mobile: MOBILE }, { token: m.token }));
    await deposit(m.token, 1000);
    return m;
  }

  it('the first account is paid; the five others sharing the card and mobile are refused', async () => {
    const first = await sharing();
    const others = [await sharing(), await sharing(), await sharing(), await sharing(), await sharing()];
    dataOf(await apply(first.token, await activityId(FIRST)));
    dataOf(await approve(first.name, FIRST));
    for (const m of others) {
      expect(refusal(await apply(m.token, await activityId(FIRST)))).toEqual([
        400,
        '您的手机号、银行卡、USDT 地址或真实姓名已领取过首存优惠，每人限领一次',
      ]);
    }
  });

  it('an account paid before it bound anything cannot then bind the card or mobile of another one paid', async () => {
    const m = await t.newMember();
    await deposit(m.token, 1000);
    dataOf(await apply(m.token, await activityId(FIRST)));
    dataOf(await approve(m.name, FIRST));
    const taken = '该信息已被其他账户用于领取首存优惠，不能绑定（首存优惠每人限领一次）';
    const card = await t.post(
      '/api/bindcard',
      {
        bank: '招商银行',
        bank_owner: '李四',
        bank_no: CARD.replace(/ /g, ''),
        bank_address: '深圳',
        pay_pass: m.password,
      },
      { token: m.token },
    );
    expect(refusal(card)).toEqual([400, taken]);
    const mobile = await t.post('/api/auth/updateuserinfo', { mobile: MOBILE }, { token: m.token });
    expect(refusal(mobile)).toEqual([400, taken]);
    // Its own card and mobile are fine.
    dataOf(await t.post('/api/auth/updateuserinfo', { mobile: '13700000001' }, { token: m.token }));
  });

  it('two accounts of one card approved at once: one is paid', async () => {
    const card = '6222 7777 0000 1111';
    const pair: Member[] = [];
    for (let i = 0; i < 2; i++) {
      const m = await member();
      dataOf(
        await t.post(
          '/api/bindcard',
          {
            bank: '招商银行',
            bank_owner: `王${i}`,
            bank_no: card,
            bank_address: '深圳',
            pay_pass: 'secret123',
          },
          { token: m.token },
        ),
      );
      await deposit(m.token, 1000);
      dataOf(await apply(m.token, await activityId(FIRST)));
      pair.push(m);
    }
    const ids = await Promise.all(pair.map((m) => pendingOf(m.name, FIRST)));
    const replies = await Promise.all(ids.map((id) => t.op('/activities/approve', { id })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('the same real name on another card is the same person', async () => {
    const bindAs = async (m: Member, no: string) =>
      dataOf(
        await t.post(
          '/api/bindcard',
          { bank: '招商银行', bank_owner: '孙 七', bank_no: no, bank_address: '深圳', pay_pass: 'secret123' },
          { token: m.token },
        ),
      );
    const paid = await member();
    await bindAs(paid, '6222 3333 0000 0001');
    await deposit(paid.token, 1000);
    dataOf(await apply(paid.token, await activityId(FIRST)));
    dataOf(await approve(paid.name, FIRST));
    const again = await member();
    await bindAs(again, '6222 3333 0000 0002');
    await deposit(again.token, 1000);
    expect(refusal(await apply(again.token, await activityId(FIRST)))).toEqual([
      400,
      '您的手机号、银行卡、USDT 地址或真实姓名已领取过首存优惠，每人限领一次',
    ]);
  });
});

describe('a bonus lapses once its deposit is withdrawn (review §1 run 3: +90.28)', () => {
  it('played, withdrawn, then approved: refused, to the member and to the operator', async () => {
    const m = await member();
    await deposit(m.token, 1000);
    dataOf(await apply(m.token, await activityId(FIRST)));
    dataOf(await t.op('/bets/record', { username: m.name, platform: 'AG', amount: '1000' }));
    dataOf(await withdraw(m, 900));
    expect(refusal(await approve(m.name, FIRST))).toEqual([409, '该会员在这笔存款后已提款，彩金失效']);
    dataOf(await t.op('/activities/reject', { id: await pendingOf(m.name, FIRST) }));
    expect(refusal(await apply(m.token, await activityId(FIRST)))).toEqual([
      400,
      '该笔存款后已有提款，不能再申请彩金',
    ]);
  });
});

describe('the shared trial account cannot apply, refer or claim (review §9)', () => {
  it('activity and agent applications, a referral and a red packet are refused', async () => {
    setClock(beijingAt('2030-03-07', 10, 30));
    const token = await t.login(TRIAL_ACCOUNT.name, TRIAL_ACCOUNT.password);
    expect(refusal(await apply(token, await activityId(FIRST)))).toEqual([403, '试玩账号不能申请活动']);
    const agent = await t.post(
      '/api/applyagentdo',
      { mobile: '13812345678', apply_info: '我想做代理' },
      { token },
    );
    expect(refusal(agent)).toEqual([403, '试玩账号不能申请代理']);
    const packet = await t.post('/api/douserredpacket', undefined, { token });
    expect(refusal(packet)).toEqual([403, '试玩账号不能领取红包']);
    const me = dataOf<{ id: number }>(await t.post('/api/user', {}, { token }));
    const referred = await t.post('/api/register', {
      name: `ref${Date.now() % 1_000_000}`,
      password: 'secret123',
      confirmPass: 'secret123',
      code: 'abcd',
      pid: me.id,
    });
    expect(refusal(referred)).toEqual([400, '试玩账号不能作为推荐人']);
  });
});
