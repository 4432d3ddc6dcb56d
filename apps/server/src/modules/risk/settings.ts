/* How linked accounts are scored and which flags are raised: one row (risk_settings), read by every
 * door; only a 超级管理员 changes it (console-risk.ts consoleSaveRiskSettings), audited. */
import { formatCents } from '@app/contract/codecs';
import type { LinkKind, RiskSettingsView } from '@app/contract/console-risk';
import { eq } from 'drizzle-orm';
import { nowDate } from '../../core/clock';
import type { Db } from '../../db/client';
import { riskSettings } from '../../db/schema/risk';

export interface RiskConfig {
  weights: Record<LinkKind, number>;
  linkScore: number;
  holdScore: number;
  bigWinCents: bigint;
  bigDepositCents: bigint;
  bigWithdrawalCents: bigint;
}

const DEFAULTS: RiskConfig = {
  weights: { device: 60, ip: 20, card: 80, usdt: 80, wallet: 80, mobile: 80, realname: 20 },
  linkScore: 50,
  holdScore: 60,
  bigWinCents: 5_000_000n,
  bigDepositCents: 5_000_000n,
  bigWithdrawalCents: 5_000_000n,
};

export async function getRiskConfig(db: Db): Promise<RiskConfig> {
  const [r] = await db.select().from(riskSettings).where(eq(riskSettings.id, 1));
  if (!r) return DEFAULTS;
  return {
    weights: {
      device: r.weightDevice,
      ip: r.weightIp,
      card: r.weightCard,
      usdt: r.weightUsdt,
      wallet: r.weightWallet,
      mobile: r.weightMobile,
      realname: r.weightRealname,
    },
    linkScore: r.linkScore,
    holdScore: r.holdScore,
    bigWinCents: r.bigWinCents,
    bigDepositCents: r.bigDepositCents,
    bigWithdrawalCents: r.bigWithdrawalCents,
  };
}

export async function saveRiskConfig(db: Db, c: RiskConfig): Promise<void> {
  const row = {
    weightDevice: c.weights.device,
    weightIp: c.weights.ip,
    weightCard: c.weights.card,
    weightUsdt: c.weights.usdt,
    weightWallet: c.weights.wallet,
    weightMobile: c.weights.mobile,
    weightRealname: c.weights.realname,
    linkScore: c.linkScore,
    holdScore: c.holdScore,
    bigWinCents: c.bigWinCents,
    bigDepositCents: c.bigDepositCents,
    bigWithdrawalCents: c.bigWithdrawalCents,
    updatedAt: nowDate(),
  };
  await db
    .insert(riskSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: riskSettings.id, set: row });
}

export const riskConfigOnWire = (c: RiskConfig): RiskSettingsView => ({
  weights: c.weights,
  link_score: c.linkScore,
  hold_score: c.holdScore,
  big_win: formatCents(c.bigWinCents),
  big_deposit: formatCents(c.bigDepositCents),
  big_withdrawal: formatCents(c.bigWithdrawalCents),
});
