import {
  consoleAddRiskWhitelist,
  consoleClearWithdrawalRisk,
  consoleMemberLinks,
  consoleRemoveRiskWhitelist,
  consoleRiskSettings,
  consoleRiskWhitelist,
  consoleSaveRiskSettings,
} from '@app/contract/console-risk';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { linkedAccounts } from '../../modules/risk/links';
import { getRiskConfig, riskConfigOnWire, saveRiskConfig } from '../../modules/risk/settings';
import { addToWhitelist, listWhitelist, removeFromWhitelist } from '../../modules/risk/whitelist';
import { clearWithdrawalRisk } from '../../modules/risk/withdrawal-risk';

/** Console routes of @app/contract/console-risk. */
export default async function consoleRiskRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleMemberLinks, async ({ input }) => {
    const config = await getRiskConfig(app.db);
    const rows = await linkedAccounts(app.db, input.id, config);
    return { data: { rows, link_score: config.linkScore } };
  });

  consoleEndpoint(app, consoleClearWithdrawalRisk, async ({ input, actor, audit }) => {
    const r = await clearWithdrawalRisk(app.db, input.id, actor, input.note);
    await audit({
      action: 'withdrawal.riskClear',
      targetType: 'withdrawal',
      targetId: input.id,
      before: r.before,
      after: { risk_state: r.riskState, note: input.note },
    });
    return { data: { id: input.id, risk_state: r.riskState }, message: '已放行，等待财务审核' };
  });

  consoleEndpoint(app, consoleRiskSettings, async () => ({
    data: riskConfigOnWire(await getRiskConfig(app.db)),
  }));

  consoleEndpoint(app, consoleSaveRiskSettings, async ({ input, audit }) => {
    const before = riskConfigOnWire(await getRiskConfig(app.db));
    const next = {
      weights: input.weights,
      linkScore: input.link_score,
      holdScore: input.hold_score,
      bigWinCents: BigInt(input.big_win),
      bigDepositCents: BigInt(input.big_deposit),
      bigWithdrawalCents: BigInt(input.big_withdrawal),
    };
    await saveRiskConfig(app.db, next);
    const after = riskConfigOnWire(next);
    await audit({ action: 'risk.settings', targetType: 'risk', targetId: 1, before, after });
    return { data: after, message: '已保存' };
  });

  consoleEndpoint(app, consoleRiskWhitelist, async () => ({
    data: { rows: await listWhitelist(app.db) },
  }));

  consoleEndpoint(app, consoleAddRiskWhitelist, async ({ input, actor, audit }) => {
    const entry = await addToWhitelist(app.db, actor, input);
    await audit({ action: 'risk.whitelistAdd', targetType: 'risk', targetId: entry.id, after: entry });
    return { data: entry, message: '已加入白名单' };
  });

  consoleEndpoint(app, consoleRemoveRiskWhitelist, async ({ input, audit }) => {
    const entry = await removeFromWhitelist(app.db, input.id);
    await audit({ action: 'risk.whitelistRemove', targetType: 'risk', targetId: entry.id, before: entry });
    return { data: { id: entry.id }, message: '已移出白名单' };
  });
}
