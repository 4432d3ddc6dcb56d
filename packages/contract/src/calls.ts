import type { CallDef } from './define';
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

/** Every call of the API, for the server's coverage test and the fuzzer. */
export const ALL_CALLS: readonly CallDef[] = [
  // auth.ts
  login,
  register,
  logoff,
  user,
  refreshUserMoney,
  balance,
  // site.ts
  app,
  bannerList,
  homeNotice,
  noticeList,
  serviceUrl,
  visitUrl,
  agentLoginUrl,
  article,
  messageList,
  // games.ts
  gameList,
  slotGames,
  gameUrl,
  // wallet.ts
  venueBalances,
  transfer,
  transferAll,
  setAutoTransfer,
  payWays,
  payRange,
  receivingCards,
  deposit,
  depositInfo,
  uploadVoucher,
  withdrawTurnover,
  withdrawFee,
  withdraw,
  withdrawByQrcode,
  bindMobile,
  cards,
  bindCard,
  deleteCard,
  banks,
  accountRecords,
  changePayPassword,
  // lottery.ts
  lotteryRooms,
  lotteryRoomsByName,
  lotteryRoom,
  lotteryOrder,
  // promo.ts
  redPacketInfo,
  claimRedPacket,
  redPacketRecords,
  activityTypes,
  activities,
  activityDetail,
  applyActivity,
  activityApplications,
  vipLevels,
  applyAgent,
  rebates,
  claimRebates,
  inviteStats,
  // member.ts
  uploadAvatar,
  updateProfile,
  changePassword,
  betRecords,
];

/**
 * Calls that share one (method, path): the server registers ONE route and picks the schema.
 * POST /api/withdraw: JSON (bank, usdt) ⇒ `withdraw`; multipart (alipay, wechat) ⇒ `withdrawByQrcode`.
 */
export const SHARED_PATH_CALLS: readonly (readonly CallDef[])[] = [[withdraw, withdrawByQrcode]];
