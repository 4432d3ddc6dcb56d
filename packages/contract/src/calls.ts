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
import {
  accountRecords,
  fundsRecords,
  fundsSummary,
  setAutoTransfer,
  transfer,
  transferAll,
  venueBalances,
} from './wallet';
import {
  banks,
  bindCard,
  cards,
  deleteCard,
  deposit,
  depositInfo,
  payRange,
  payWays,
  receivingCards,
  uploadVoucher,
} from './cashier';
import {
  bindMobile,
  changePayPassword,
  withdraw,
  withdrawByQrcode,
  withdrawFee,
  withdrawTurnover,
} from './withdrawals';
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
import {
  agentDownline,
  agentInviteCreate,
  agentInviteRevoke,
  agentInvites,
  agentOverview,
  agentStatements,
  agentSubAgentRates,
  agentSubAgents,
  agentTeamReport,
  agentTicket,
} from './agent-office';
import { betRecords, changePassword, updateProfile, uploadAvatar } from './member';
import {
  supportHistory,
  supportImage,
  supportMessages,
  supportRate,
  supportRead,
  supportSend,
  supportState,
  supportTicket,
  supportVisitor,
} from './support-desk';

/**
 * Every call of the API by the contract file that defines it. The key is the file's name and also
 * the server module that serves the calls: `X.ts` → apps/server/src/modules/X/routes.ts (the
 * server's routes-match-contract test holds both to it).
 */
export const CALLS_BY_MODULE: Record<string, readonly CallDef[]> = {
  auth: [login, register, logoff, user, refreshUserMoney, balance],
  site: [app, bannerList, homeNotice, noticeList, serviceUrl, visitUrl, agentLoginUrl, article],
  content: [messageList],
  protection: [
    protection,
    setPlayLimit,
    confirmPlayLimit,
    takeBreak,
    setRealityCheck,
    setSessionLimit,
    confirmSessionLimit,
    playSession,
  ],
  games: [gameList, slotGames, gameUrl],
  wallet: [venueBalances, transfer, transferAll, setAutoTransfer, accountRecords, fundsRecords, fundsSummary],
  cashier: [
    payWays,
    payRange,
    receivingCards,
    deposit,
    depositInfo,
    uploadVoucher,
    cards,
    bindCard,
    deleteCard,
    banks,
  ],
  withdrawals: [withdrawTurnover, withdrawFee, withdraw, withdrawByQrcode, bindMobile, changePayPassword],
  lottery: [lotteryRooms, lotteryRoomsByName, lotteryRoom, lotteryOrder],
  promo: [
    redPacketInfo,
    claimRedPacket,
    redPacketRecords,
    activityTypes,
    activities,
    activityDetail,
    applyActivity,
    activityApplications,
    vipLevels,
    rebates,
    claimRebates,
    vipProgress,
  ],
  // The back office's calls (agent-office.ts) are served by modules/agents too: one domain, one module.
  agents: [
    applyAgent,
    inviteStats,
    agentTicket,
    agentOverview,
    agentDownline,
    agentStatements,
    agentInvites,
    agentInviteCreate,
    agentInviteRevoke,
    agentSubAgents,
    agentSubAgentRates,
    agentTeamReport,
  ],
  member: [uploadAvatar, updateProfile, changePassword, betRecords],
  // The support desk's page (issue 34): its own token (auth 'support'), served by modules/support-desk.
  'support-desk': [
    supportTicket,
    supportVisitor,
    supportState,
    supportMessages,
    supportSend,
    supportImage,
    supportRead,
    supportHistory,
    supportRate,
  ],
};

/** Every call of the API, for the server's coverage test and the fuzzer. */
export const ALL_CALLS: readonly CallDef[] = Object.values(CALLS_BY_MODULE).flat();

/**
 * Calls that share one (method, path): the server registers ONE route and picks the schema.
 * POST /api/withdraw: JSON (bank, usdt) ⇒ `withdraw`; multipart (alipay, wechat) ⇒ `withdrawByQrcode`.
 */
export const SHARED_PATH_CALLS: readonly (readonly CallDef[])[] = [[withdraw, withdrawByQrcode]];
