/** The demo content the seed writes: real Chinese texts, pictures served by the server itself. */
import type { GameCategory } from '@app/contract/enums';
import { SEED_ASSET_PREFIX } from '../core/paths';
import { SEED_BANNERS, type SeedIcon } from './svg';

export const SITE_TITLE = '乐享娱乐';

export const DEMO_MEMBER = {
  name: 'demo001',
  password: 'demo123',
  realname: '演示会员',
  balanceCents: 100_000n,
};
export const TRIAL_REALNAME = '试玩账号';
export const TRIAL_BALANCE_CENTS = 200_000n;

export const WELCOME_MODAL = `<h3>欢迎来到${SITE_TITLE}</h3>
<p>本站为<strong>演示站点</strong>，所有金额均为演示数据，不涉及真实资金。</p>
<p>新会员注册即可体验真人、体育、电竞、棋牌、电子与彩票六大类游戏，首存、返水、红包等活动同步开放。</p>
<p>理性娱乐，量力而行。未满 18 周岁请勿参与。</p>`;

export const WEB_CONTENT = `<p>${SITE_TITLE}（演示）· 理性娱乐 · 未满 18 周岁禁止参与</p>`;

export const REPAIR_TIPS = '系统维护中，预计 30 分钟内恢复，给您带来不便敬请谅解。';

export const HOME_NOTICES = [
  `欢迎光临${SITE_TITLE}演示站，所有金额均为演示数据。`,
  '每日北京时间 10:00–12:00 开放红包领取，快来试试手气！',
  'USDT（TRC20 / ERC20）存款通道已开放，到账快、手续费低。',
  '官方客服 7×24 小时在线，如遇问题请随时联系。',
];

/** Announcements (newest first when listed); `daysAgo` places them in the recent past. */
export const ANNOUNCEMENTS = [
  {
    daysAgo: 0,
    title: '关于演示站点的说明',
    content:
      '<p>本站为演示站点，用于展示产品功能。注册、存款、投注等操作产生的金额均为演示数据，不代表真实资金。</p>',
  },
  {
    daysAgo: 1,
    title: '新会员首存优惠活动开启',
    content:
      '<p>活动期间，新注册会员首次存款即可申请首存优惠，最高加赠 888 元。</p><ul><li>单笔存款 100 元起</li><li>彩金需完成（首存金额 + 彩金）15 倍的有效投注方可提款，彩票投注按 50% 计入</li><li>同一手机号、银行卡、USDT 地址或真实姓名限领一次</li></ul>',
  },
  {
    daysAgo: 2,
    title: '每日红包雨规则说明',
    content:
      '<p>每日北京时间 10:00–12:00 开放红包领取。领取次数按前一日 12:00 起的存款金额计算，详情请见红包页面。</p>',
  },
  {
    daysAgo: 4,
    title: 'USDT 存取款通道上线',
    content:
      '<p>现已支持 USDT（TRC20 与 ERC20）存款与取款。TRC20 手续费更低，推荐使用。汇率以存取款页面显示为准。</p>',
  },
  {
    daysAgo: 6,
    title: '谨防诈骗重要提示',
    content:
      '<p>本站工作人员不会以任何理由索取您的登录密码或支付密码。请勿相信任何私下转账、代充或“内部渠道”。</p>',
  },
  {
    daysAgo: 9,
    title: 'VIP 晋级规则说明',
    content:
      '<p>累计存款与流水同时达到对应等级要求，即可于次日 24:00 前晋级，每日最多晋升一级。90 天内未完成保级流水将降一级。</p>',
  },
  {
    daysAgo: 14,
    title: '系统例行维护通知',
    content:
      '<p>为提供更稳定的服务，系统将于每周二凌晨 04:00–05:00 进行例行维护，期间部分游戏可能暂停访问。</p>',
  },
];

export interface SeedGame {
  category: GameCategory;
  platformName: string;
  gameCode: string;
  name: string;
  /** Short label drawn on the icon. */
  label: string;
  gameType: string;
}

export const GAMES: SeedGame[] = [
  { category: 'realbet', platformName: 'AG', gameCode: '', name: 'AG真人', label: 'AG', gameType: 'live' },
  {
    category: 'realbet',
    platformName: 'BBIN',
    gameCode: '',
    name: 'BBIN真人',
    label: 'BBIN',
    gameType: 'live',
  },
  { category: 'realbet', platformName: 'EVO', gameCode: '', name: 'EVO真人', label: 'EVO', gameType: 'live' },
  { category: 'realbet', platformName: 'DG', gameCode: '', name: 'DG真人', label: 'DG', gameType: 'live' },
  { category: 'realbet', platformName: 'OBZR', gameCode: '', name: 'OB真人', label: 'OB', gameType: 'live' },
  { category: 'joker', platformName: 'KY', gameCode: '', name: '开元棋牌', label: '开元', gameType: 'chess' },
  {
    category: 'joker',
    platformName: 'LEG',
    gameCode: '',
    name: '乐游棋牌',
    label: '乐游',
    gameType: 'chess',
  },
  { category: 'joker', platformName: 'VG', gameCode: '', name: '财神棋牌', label: '财神', gameType: 'chess' },
  { category: 'joker', platformName: 'BL', gameCode: '', name: '博乐棋牌', label: '博乐', gameType: 'chess' },
  {
    category: 'gaming',
    platformName: 'AVIA',
    gameCode: '',
    name: '泛亚电竞',
    label: '泛亚',
    gameType: 'esports',
  },
  {
    category: 'gaming',
    platformName: 'LH',
    gameCode: '',
    name: '雷火电竞',
    label: '雷火',
    gameType: 'esports',
  },
  {
    category: 'gaming',
    platformName: 'IMES',
    gameCode: '',
    name: 'IM电竞',
    label: 'IM',
    gameType: 'esports',
  },
  {
    category: 'sport',
    platformName: 'SABA',
    gameCode: '',
    name: '沙巴体育',
    label: '沙巴',
    gameType: 'sport',
  },
  { category: 'sport', platformName: 'IMSB', gameCode: '', name: 'IM体育', label: 'IM', gameType: 'sport' },
  { category: 'sport', platformName: 'BTI', gameCode: '', name: 'BTI体育', label: 'BTI', gameType: 'sport' },
  { category: 'sport', platformName: 'PB', gameCode: '', name: '平博体育', label: '平博', gameType: 'sport' },
  {
    category: 'lottery',
    platformName: 'TCG',
    gameCode: 'jnd28',
    name: '加拿大28',
    label: '天成',
    gameType: 'lottery',
  },
  {
    category: 'lottery',
    platformName: 'VR',
    gameCode: 'xy28',
    name: '幸运28',
    label: 'VR',
    gameType: 'lottery',
  },
  {
    category: 'lottery',
    platformName: 'SGWIN',
    gameCode: 'xglhc',
    name: '香港六合彩',
    label: '双赢',
    gameType: 'lottery',
  },
  {
    category: 'concise',
    platformName: 'OB',
    gameCode: 'obgdy',
    name: 'OB电子',
    label: 'OB',
    gameType: 'slot',
  },
  {
    category: 'concise',
    platformName: 'FG',
    gameCode: 'fgdz',
    name: 'FG电子',
    label: 'FG',
    gameType: 'slot',
  },
  { category: 'concise', platformName: 'PP', gameCode: 'pp', name: 'PP电子', label: 'PP', gameType: 'slot' },
  { category: 'concise', platformName: 'AE', gameCode: 'ae', name: 'AE电子', label: 'AE', gameType: 'slot' },
];

export const gameIconName = (g: Pick<SeedGame, 'category' | 'platformName'>) =>
  `game-${g.category}-${g.platformName.toLowerCase()}.svg`;

export const SEED_ICONS: SeedIcon[] = GAMES.map((g) => ({
  name: gameIconName(g),
  label: g.label,
  category: g.category,
}));

export const BANNER_SRCS = SEED_BANNERS.map((b) => `${SEED_ASSET_PREFIX}${b.name}`);

/** Help centre articles (section help, /boutBallBetInfo) by type: 7 about us, 1 FAQ, 2 privacy, 3
 * disclaimer, 4 contact, 5 agent joining, 8 responsible gambling (spec §2); 6 the privacy policy. */
export const ARTICLES: Record<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8, { title: string; content: string }> = {
  1: {
    title: '常见问题',
    content: `<h3>账户问题</h3>
<p><strong>问：如何注册账号？</strong><br>答：点击首页“注册”，填写 6–16 位字母或数字组成的用户名、密码及验证码即可完成注册，注册成功后自动登录。</p>
<p><strong>问：忘记密码怎么办？</strong><br>答：请联系在线客服，核实身份后为您重置密码。</p>
<h3>存款问题</h3>
<p><strong>问：支持哪些存款方式？</strong><br>答：支持银行卡转账、USDT（TRC20 / ERC20）、微信与支付宝，具体以存款页面显示的通道为准。</p>
<p><strong>问：存款多久到账？</strong><br>答：提交后由后台审核，通常 1–10 分钟内到账。USDT 订单请在 60 分钟内完成转账。</p>
<h3>取款问题</h3>
<p><strong>问：取款需要满足什么条件？</strong><br>答：需绑定手机号与收款账户、设置支付密码，且完成存款金额 1 倍的有效投注（打码量）。单笔最低 100 元。</p>
<p><strong>问：取款多久到账？</strong><br>答：审核通过后一般 5–30 分钟内到账。</p>`,
  },
  2: {
    title: '隐私保护',
    content: `<p>我们重视每一位会员的隐私。您在本站提供的用户名、手机号、邮箱及收款信息仅用于账户服务与资金结算。</p>
<ul><li>密码与支付密码经不可逆加密后保存，任何工作人员都无法查看。</li>
<li>我们不会向第三方出售或出租您的个人信息。</li>
<li>仅在法律法规要求时，才会依法提供必要信息。</li></ul>
<p>完整条款请参阅《隐私政策》。</p>`,
  },
  3: {
    title: '免责声明',
    content: `<p>本站为演示站点，页面展示的游戏、赔率、金额与活动均为演示数据，不构成任何要约或承诺。</p>
<p>会员应自行确认所在地区的法律法规是否允许参与相关娱乐活动，因违反当地法律产生的后果由会员自行承担。</p>
<p>因网络故障、不可抗力或第三方平台原因造成的服务中断或数据延迟，本站将尽力协助处理，但不承担由此产生的间接损失。</p>`,
  },
  4: {
    title: '联系我们',
    content: `<p>如您在使用过程中遇到任何问题，欢迎通过以下方式联系我们：</p>
<ul><li>在线客服：点击底部“客服”按钮，7×24 小时在线。</li>
<li>客服邮箱：support@example.com（演示地址）</li>
<li>合作咨询：partner@example.com（演示地址）</li></ul>
<p>为保障您的账户安全，客服人员不会索取您的登录密码或支付密码。</p>`,
  },
  5: {
    title: '代理加盟',
    content: `<h3>加入合营计划</h3>
<p>推广越多，收益越高。成为代理后，您可通过专属推广链接邀请好友注册，按下线会员的有效投注与净输赢获得佣金。</p>
<h3>申请条件</h3>
<ul><li>年满 18 周岁，拥有本站会员账号；</li><li>拥有稳定的推广渠道；</li><li>遵守本站推广规范，不得虚假宣传或恶意刷量。</li></ul>
<h3>条款与规则</h3>
<ul><li>佣金按自然月结算，次月 5 日前发放至代理账户；</li>
<li>同一 IP、同一设备或同一收款账户的多个账号仅计一个有效会员；</li>
<li>发现套利、对冲或违规推广行为，本站有权取消相应佣金及代理资格。</li></ul>`,
  },
  6: {
    title: '隐私政策',
    content: `<h3>一、我们收集的信息</h3>
<p>注册与使用服务时，我们会收集您主动提供的用户名、真实姓名、手机号、邮箱、生日与收款账户信息，以及登录时间、IP 地址等必要的安全日志。</p>
<h3>二、信息的使用</h3>
<p>上述信息仅用于：提供账户与资金服务、身份核验、风险控制、客户服务与依法合规。</p>
<h3>三、信息的保护</h3>
<p>我们采用加密传输与加密存储，密码以不可逆方式保存；访问个人信息的人员受严格权限控制。</p>
<h3>四、信息的共享</h3>
<p>除法律法规要求或经您同意外，我们不会与第三方共享您的个人信息。</p>
<h3>五、您的权利</h3>
<p>您可随时查看与修改个人资料，或联系客服注销账户。</p>`,
  },
  7: {
    title: '关于我们',
    content: `<p>${SITE_TITLE}是一个移动端综合娱乐平台的演示站点，汇集真人视讯、体育赛事、电子竞技、棋牌、电子游戏与彩票六大类游戏。</p>
<p>我们致力于提供公平、安全、便捷的娱乐体验：开奖过程可验证、资金流水可追溯、客服全天候在线。</p>
<p>本站所有内容与金额仅用于演示。</p>`,
  },
  8: {
    title: '责任博彩',
    content: `<p>我们倡导理性娱乐。博彩应当是一种消遣，而不是赚钱的途径。</p>
<ul><li>未满 18 周岁禁止参与；</li>
<li>请只使用可承受损失的闲置资金，切勿借钱娱乐；</li>
<li>为自己设定时间与金额上限，并严格遵守；</li>
<li>不要试图通过加大投注来追回损失；</li>
<li>如感到娱乐已影响工作、生活或家庭，请暂停并寻求专业帮助。</li></ul>
<p>如需限制存款额度或暂时冻结账户，请联系在线客服，我们将立即为您处理。</p>`,
  },
};

/** /abouts' own articles (section abouts): 5 terms and rules, 6 privacy policy (spec §2). */
export const ABOUT_ARTICLES: Record<5 | 6, { title: string; content: string }> = {
  5: {
    title: '条款与规则',
    content: `<h3>一、总则</h3>
<p>欢迎使用${SITE_TITLE}（以下简称“本站”）。注册或使用本站服务，即表示您已阅读并同意以下条款与规则。本站为演示站点，所有金额均为演示数据。</p>
<h3>二、账户</h3>
<ul><li>会员须年满 18 周岁，且所在地区的法律允许参与相关娱乐活动；</li>
<li>每位会员只可拥有一个账户，账户仅限本人使用，不得转让、出借或出售；</li>
<li>请妥善保管登录密码与支付密码，因会员自身原因造成的损失由会员自行承担。</li></ul>
<h3>三、存款与取款</h3>
<ul><li>存款以后台审核到账为准，请按存款页面显示的通道与金额范围操作；</li>
<li>取款前须绑定手机号与收款账户、设置支付密码，并完成所需的打码量（有效投注）；单笔取款最低 100 元。</li></ul>
<h3>四、投注与结算</h3>
<ul><li>投注一经确认不可撤销，结果以系统开奖与结算记录为准；</li>
<li>对冲投注只计未对冲部分的有效投注；</li>
<li>如因系统故障造成明显错误的赔率或结算，本站有权更正或取消相关注单。</li></ul>
<h3>五、优惠活动</h3>
<ul><li>各项优惠的金额与流水要求以活动页面说明为准，彩金须完成活动规定倍数的流水方可提款；</li>
<li>同一 IP、设备或收款账户的多个账户仅可享受一次优惠；</li>
<li>发现套利、对冲或其他违规行为，本站有权取消优惠及相关盈利。</li></ul>
<h3>六、其他</h3>
<p>本站保留修改本条款与规则的权利，修改后在本页面公布即生效。如有疑问，请联系在线客服。</p>`,
  },
  6: ARTICLES[6],
};
