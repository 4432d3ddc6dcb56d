import {
  AGENT_TURNOVER_RATE_MAX_BP,
  MSG_FEE_SHARE,
  MSG_PLAN_NAME,
  MSG_PLAN_TIER_ORDER,
  MSG_TURNOVER_MULTIPLE,
  msgShareMax,
  msgTurnoverRateMax,
} from '@app/contract/agent-plans';
import type { PlanView } from '@app/contract/console-agents';
import { describe, expect, it } from 'vitest';
import { bodyOfForm, bpToPercent, formOfPlan, newTier, percentToBp, type PlanForm } from './rules';

const zero = { realperson: 0, sport: 0, e_sport: 0, joker: 0, electron: 0, lottery: 0 };
const PLAN: PlanView = {
  id: 4,
  name: '月结负盈利',
  kind: 'net_loss',
  period: 'monthly',
  active_min_deposit: '100.00',
  active_min_valid: '500.00',
  tiers: [
    {
      min_profit: '0.00',
      min_active: 3,
      rates: { ...zero, realperson: 2500, lottery: 1250 },
      cost_share: 2000,
    },
    { min_profit: '50000.00', min_active: 10, rates: { ...zero, realperson: 4000 }, cost_share: 3500 },
  ],
  deduct_rebates: true,
  deduct_bonuses: false,
  deduct_red_packets: true,
  fee_share: 150,
  turnover_rates: zero,
  turnover_multiple: 2,
  agents: 3,
  updated_at: '2026-07-01 10:00:00',
};

describe('rates typed as percent, sent as basis points', () => {
  it.each([
    ['12.5', 1250],
    ['0.4', 40],
    ['0.05', 5],
    ['60', 6000],
    ['', 0],
    [' 3 ', 300],
    ['1.234', null],
    ['-1', null],
    ['abc', null],
    ['1e3', null],
  ])('%j → %j', (text, bp) => expect(percentToBp(text)).toBe(bp));

  it.each([
    [1250, '12.5'],
    [40, '0.4'],
    [5, '0.05'],
    [0, '0'],
  ])('%j → %j', (bp, text) => expect(bpToPercent(bp)).toBe(text));
});

describe('the plan form', () => {
  it('reads a template and sends it back as it was (rates in basis points, deductions as flags)', () => {
    const form = formOfPlan(PLAN);
    expect(form.tiers[0]?.rates.realperson).toBe('25');
    expect(form.tiers[0]?.rates.lottery).toBe('12.5');
    expect(form.deductions).toEqual(['rebates', 'red_packets']);
    expect(form.fee_share).toBe('1.5');
    expect(bodyOfForm(form, PLAN.id)).toEqual({
      body: {
        id: 4,
        name: '月结负盈利',
        kind: 'net_loss',
        period: 'monthly',
        active_min_deposit: '100.00',
        active_min_valid: '500.00',
        tiers: PLAN.tiers,
        deduct_rebates: true,
        deduct_bonuses: false,
        deduct_red_packets: true,
        fee_share: 150,
        turnover_rates: zero,
        turnover_multiple: 2,
      },
    });
  });

  it('a turnover plan sends its rates and no tiers', () => {
    const form: PlanForm = {
      ...formOfPlan(),
      name: '流水返佣',
      kind: 'turnover',
      turnover_rates: { ...formOfPlan().turnover_rates, realperson: '0.3', lottery: '0.25' },
    };
    const out = bodyOfForm(form);
    expect(out).toMatchObject({
      body: { tiers: [], turnover_rates: { ...zero, realperson: 30, lottery: 25 } },
    });
    expect('body' in out && 'id' in out.body).toBe(false);
  });

  it('answers the contract’s first refusal instead of a body', () => {
    const good = formOfPlan(PLAN);
    const first = { ...newTier(), ...good.tiers[0] };
    const tier = (change: Partial<PlanForm['tiers'][number]>) => ({
      ...good,
      tiers: [{ ...first, ...change }],
    });
    const cases: [PlanForm, string][] = [
      [{ ...good, name: '  ' }, MSG_PLAN_NAME],
      [tier({ rates: { ...first.rates, sport: '60.01' } }), msgShareMax('体育分成')],
      [tier({ cost_share: '61' }), msgShareMax('成本分摊')],
      [tier({ cost_share: '1.234' }), msgShareMax('成本分摊')],
      [{ ...good, fee_share: '5.5' }, MSG_FEE_SHARE],
      [{ ...good, turnover_multiple: 51 }, MSG_TURNOVER_MULTIPLE],
      [{ ...good, turnover_multiple: null }, MSG_TURNOVER_MULTIPLE],
      [{ ...good, tiers: [...good.tiers].reverse() }, MSG_PLAN_TIER_ORDER],
      [
        {
          ...good,
          kind: 'turnover',
          turnover_rates: {
            ...good.turnover_rates,
            joker: bpToPercent(AGENT_TURNOVER_RATE_MAX_BP.joker + 1),
          },
        },
        msgTurnoverRateMax('joker'),
      ],
    ];
    for (const [form, message] of cases) expect(bodyOfForm(form)).toEqual({ problem: message });
  });
});
