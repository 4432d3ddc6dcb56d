import { count, inArray, isNull } from 'drizzle-orm';
import { now } from '../core/clock';
import type { Db } from '../db/client';
import { activities, activityTypes, redPacketRules, siteMessages, vipLevels } from '../db/schema/promo';
import { SEED_ASSET_PREFIX } from '../core/paths';
import { FULL_WEIGHTS } from '@app/contract/turnover';

export const ACTIVITY_TYPES = ['限时活动', '新人首存', '日常活动'] as const;

const banner = (n: number) => `${SEED_ASSET_PREFIX}banner-${n}.svg`;

type SeedActivity = Pick<
  typeof activities.$inferInsert,
  | 'title'
  | 'banner'
  | 'content'
  | 'memo'
  | 'bonusBasis'
  | 'bonusPercentBp'
  | 'bonusCapCents'
  | 'bonusMinDepositCents'
  | 'bonusPayType'
  | 'turnoverMultiple'
  | 'turnoverBasis'
  | 'turnoverWeights'
> & { type: (typeof ACTIVITY_TYPES)[number] };

/** Lottery's even-money plays cost 2 % against 4 % elsewhere: a bonus counts half of their stake. */
const LOTTERY_HALF = { ...FULL_WEIGHTS, lottery: 50 };

/**
 * Seeded promotions: title, type (by name), banner, HTML content, memo and the bonus rule. Each text
 * states the percentage, cap, minimum deposit and turnover its rule pays (seed tests check), and each
 * rule is worth less to a member than clearing it costs (promo-value.ts; value.test checks).
 */
export const SEED_ACTIVITIES: SeedActivity[] = [
  {
    title: '新会员首存送 38%',
    type: '新人首存',
    banner: banner(1),
    content: `<h3>活动内容</h3>
<p>新注册会员首次存款 100 元及以上，即可申请首存彩金：首存金额的 <strong>38%</strong>，最高 <strong>888 元</strong>。</p>
<table><tr><th>首存金额</th><th>彩金</th><th>流水要求</th></tr>
<tr><td>100</td><td>38</td><td>2070</td></tr><tr><td>1000</td><td>380</td><td>20700</td></tr>
<tr><td>2337 及以上</td><td>888（封顶）</td><td>（首存 + 888）× 15</td></tr></table>
<p>彩金需完成（首存金额 + 彩金）15 倍的有效投注方可提款；彩票投注按 50% 计入流水，真人、体育、电竞、棋牌、电子按 100% 计入。</p>
<p>同一手机号、银行卡、USDT 地址或真实姓名限领一次；每笔存款限参与一个优惠；存款后已提款则不能再申请。请先完成首存再申请。</p>`,
    memo: '每位会员限领取一次（申请被拒绝后可再次申请），审核通过后彩金自动派发至中心钱包。',
    bonusBasis: 'first_deposit',
    bonusPercentBp: 3800,
    bonusCapCents: 88_800n,
    bonusMinDepositCents: 10_000n,
    turnoverMultiple: 15,
    turnoverBasis: 'deposit_bonus',
    turnoverWeights: LOTTERY_HALF,
  },
  {
    title: 'VIP 尊享每日返水',
    type: '日常活动',
    banner: banner(2),
    content: `<h3>返水规则</h3>
<p>真人、体育、电竞、棋牌、电子、彩票六大类别，按会员 VIP 等级每日计算返水，次日于返水中心（我的 → 返水）手动领取。</p>
<ul><li>返水按北京时间自然日（00:00–23:59）的有效投注计算</li><li>返水仅需 1 倍流水即可提款</li></ul>`,
    memo: '返水无需申请，系统每日自动计算。',
    bonusBasis: 'none',
    turnoverMultiple: 1,
  },
  {
    title: '每日红包雨',
    type: '日常活动',
    banner: banner(3),
    content: `<h3>红包时间</h3>
<p>每日北京时间 <strong>10:00–12:00</strong> 开抢。前一日 12:00 起的存款（扣除其后的提款）决定当日可领取次数：</p>
<table><tr><th>存款</th><th>次数</th><th>最高红包</th></tr>
<tr><td>500–1999.99</td><td>1</td><td>8.88</td></tr><tr><td>2000–9999.99</td><td>2</td><td>18.88</td></tr>
<tr><td>10000+</td><td>3</td><td>58.88</td></tr></table>
<p>红包需完成 1 倍流水方可提款。</p>`,
    memo: '红包无需申请，金额随机，领取后立即到账。',
    bonusBasis: 'none',
    turnoverMultiple: 1,
  },
  {
    title: 'USDT 存款加赠 2%',
    type: '限时活动',
    banner: banner(4),
    content: `<h3>活动内容</h3>
<p>使用 USDT（TRC20 / ERC20）单笔存款 500 元及以上，存款到账后可申请该笔存款 <strong>2%</strong> 的加赠彩金，最高 <strong>2888 元</strong>。</p>
<p>按最近一笔已到账的 USDT 存款计算；彩金需完成（存款 + 彩金）2 倍的有效投注方可提款。每笔存款限参与一个优惠（已领首存优惠的存款不能再领）。</p>`,
    memo: '每位会员限领取一次，审核通过后彩金自动派发至中心钱包。',
    bonusBasis: 'latest_deposit',
    bonusPercentBp: 200,
    bonusCapCents: 288_800n,
    bonusMinDepositCents: 50_000n,
    bonusPayType: 'usdt',
    turnoverMultiple: 2,
    turnoverBasis: 'deposit_bonus',
  },
  {
    title: '周末救援金',
    type: '限时活动',
    banner: banner(5),
    content: `<h3>活动内容</h3>
<p>上周末（北京时间周六、周日）投注净亏损 500 元及以上的会员，可申请净亏损 <strong>2%</strong> 的救援金，最高 <strong>5888 元</strong>。</p>
<p>净亏损由系统按有效投注记录计算（投注额 − 派彩）；救援金需完成救援金 20 倍的有效投注方可提款，彩票投注按 50% 计入流水。</p>`,
    memo: '每个周末限领取一次，审核通过后救援金自动派发至中心钱包。',
    bonusBasis: 'net_loss',
    bonusPercentBp: 200,
    bonusCapCents: 588_800n,
    bonusMinDepositCents: 50_000n,
    turnoverMultiple: 20,
    turnoverWeights: LOTTERY_HALF,
  },
];

/**
 * Red packet bands (cents): deposits still in play since the previous day 12:00 → claims that day,
 * largest packet. Each is worth less than the turnover its deposit and packets ask (promo-value.ts).
 */
export const SEED_RED_PACKET_RULES = [
  { minDepositCents: 50_000n, maxDepositCents: 199_999n, claims: 1, maxAmountCents: 888n, sort: 1 },
  { minDepositCents: 200_000n, maxDepositCents: 999_999n, claims: 2, maxAmountCents: 1_888n, sort: 2 },
  {
    minDepositCents: 1_000_000n,
    maxDepositCents: 99_999_999_999n,
    claims: 3,
    maxAmountCents: 5_888n,
    sort: 3,
  },
];

const yuan = (n: number) => BigInt(n) * 100n;

/**
 * Ten levels: cumulative deposits and valid bets to reach a level, the 90-day retention turnover,
 * and rebate rates in basis points (80 = 0.80 %).
 */
export const SEED_VIP_LEVELS = [
  [0, 0, 0, 40, 30],
  [1_000, 5_000, 2_000, 50, 35],
  [5_000, 25_000, 10_000, 60, 40],
  [20_000, 100_000, 40_000, 70, 45],
  [50_000, 300_000, 100_000, 80, 50],
  [100_000, 800_000, 250_000, 90, 55],
  [300_000, 2_000_000, 600_000, 100, 60],
  [800_000, 5_000_000, 1_500_000, 110, 65],
  [2_000_000, 12_000_000, 3_500_000, 120, 70],
  [5_000_000, 30_000_000, 8_000_000, 130, 80],
].map(([recharge = 0, flow = 0, keep = 0, base = 0, lottery = 0], i) => ({
  level: i + 1,
  rechargeCents: yuan(recharge),
  flowCents: yuan(flow),
  keepFlowCents: yuan(keep),
  realperson: base,
  sport: base,
  eSport: base,
  joker: base + 10,
  electron: base + 10,
  lottery,
}));

export const SEED_SITE_MESSAGES = [
  {
    title: '欢迎加入乐享娱乐',
    content: '<p>尊敬的会员，欢迎加入！首存即可申请新人彩金，每日 10:00–12:00 还有红包雨等您来抢。</p>',
  },
  {
    title: 'VIP 返水升级通知',
    content:
      '<p>VIP 返水比例已全面上调，最高可达 1.40%，返水次日于返水中心（我的 → 返水）领取，仅需 1 倍流水。</p>',
  },
];

/** Idempotent: natural keys with ON CONFLICT DO NOTHING; lists without one only into an empty table. */
export async function seedPromo(db: Db): Promise<void> {
  const [typeCount] = await db.select({ n: count() }).from(activityTypes);
  if (!typeCount?.n) {
    await db.insert(activityTypes).values(ACTIVITY_TYPES.map((name, i) => ({ name, sort: i + 1 })));
  }
  const types = await db
    .select()
    .from(activityTypes)
    .where(inArray(activityTypes.name, [...ACTIVITY_TYPES]));
  const typeId = (name: string) => types.find((t) => t.name === name)?.id ?? null;
  await db
    .insert(activities)
    .values(SEED_ACTIVITIES.map(({ type, ...a }, i) => ({ ...a, typeId: typeId(type), sort: i + 1 })))
    .onConflictDoNothing();

  const [ruleCount] = await db.select({ n: count() }).from(redPacketRules);
  if (!ruleCount?.n) await db.insert(redPacketRules).values(SEED_RED_PACKET_RULES);

  await db.insert(vipLevels).values(SEED_VIP_LEVELS).onConflictDoNothing();

  const [messageCount] = await db
    .select({ n: count() })
    .from(siteMessages)
    .where(isNull(siteMessages.userId));
  if (!messageCount?.n) {
    const t = now();
    await db
      .insert(siteMessages)
      .values(SEED_SITE_MESSAGES.map((m, i) => ({ ...m, createdAt: new Date(t - (i + 1) * 60_000) })));
  }
}
