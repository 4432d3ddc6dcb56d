import type { ComponentType, SVGProps } from 'react';
import { GiftIcon, StarIcon, UserIcon } from '@/shared/ui/icons';
import {
  BellIcon,
  BriefcaseIcon,
  ClipboardIcon,
  FileTextIcon,
  HeartIcon,
  HelpIcon,
  ListIcon,
  LockIcon,
  LogInIcon,
  PercentIcon,
  PhoneIcon,
  SettingsIcon,
  ShieldIcon,
  TagIcon,
  UserPlusIcon,
  WalletIcon,
} from '@/shared/ui/line-icons';

export interface MineTile {
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The tiles of /mine and /mine_old (spec §2), in their order on screen. */
// One tile per screen (walk-through 2026-11-27): spec §2's /vip2, /iframepage, /account stay routes only.
export const MINE_TILES: readonly MineTile[] = [
  { to: '/money', label: '我的钱包', Icon: WalletIcon },
  { to: '/transRecord', label: '交易记录', Icon: ListIcon },
  { to: '/betRecord', label: '投注记录', Icon: FileTextIcon },
  { to: '/vip', label: 'VIP特权', Icon: StarIcon },
  { to: '/activity', label: '优惠活动', Icon: TagIcon },
  { to: '/activityRecord', label: '活动记录', Icon: ClipboardIcon },
  { to: '/fanshui', label: '返水中心', Icon: PercentIcon },
  { to: '/welfare', label: '福利中心', Icon: GiftIcon },
  { to: '/message', label: '消息中心', Icon: BellIcon },
  { to: '/inviter', label: '邀请好友', Icon: UserPlusIcon },
  { to: '/userInfo', label: '个人资料', Icon: UserIcon },
  { to: '/password?type=1', label: '登录密码', Icon: LockIcon },
  { to: '/password?type=2', label: '支付密码', Icon: ShieldIcon },
  { to: '/userCent', label: '设置', Icon: SettingsIcon },
  { to: '/protection', label: '责任博彩', Icon: HeartIcon },
  { to: '/boutBallBet', label: '帮助中心', Icon: HelpIcon },
  { to: '/app', label: '下载APP', Icon: PhoneIcon },
];

/** Shown instead of one another by isagent (spec §2). */
export const APPLY_AGENT: MineTile = { to: '/applyagent', label: '申请代理', Icon: BriefcaseIcon };
export const AGENT_LOGIN: MineTile = { to: '/gamePage?dailiD=1', label: '代理登录', Icon: LogInIcon };
