/** The tiles of /mine and /mine_old (spec §2), in their order on screen. */
export const MINE_TILES: readonly { to: string; label: string }[] = [
  { to: '/money', label: '我的钱包' },
  { to: '/account', label: '资金账户' },
  { to: '/transRecord', label: '交易记录' },
  { to: '/betRecord', label: '投注记录' },
  { to: '/vip', label: 'VIP特权' },
  { to: '/vip2', label: 'VIP等级' },
  { to: '/iframepage', label: '会员权益' },
  { to: '/activity', label: '优惠活动' },
  { to: '/activityRecord', label: '活动记录' },
  { to: '/fanshui', label: '返水中心' },
  { to: '/welfare', label: '福利中心' },
  { to: '/message', label: '消息中心' },
  { to: '/inviter', label: '邀请好友' },
  { to: '/userInfo', label: '个人资料' },
  { to: '/password?type=1', label: '登录密码' },
  { to: '/password?type=2', label: '取款密码' },
  { to: '/userCent', label: '设置' },
  { to: '/boutBallBet', label: '帮助中心' },
  { to: '/app', label: '下载APP' },
];

/** Shown instead of one another by isagent (spec §2). */
export const APPLY_AGENT = { to: '/applyagent', label: '申请代理' } as const;
export const AGENT_LOGIN = { to: '/gamePage?dailiD=1', label: '代理登录' } as const;
