import type { SlotPlatform } from '@app/contract/games';
import { escapeHtml } from '../../http/html';

/**
 * The slot games of /concise (gamelistBycode), kept as code constants rather than database rows: the
 * catalogue of the demo provider, needing no table. Each slot platform is a hall platform of the
 * 'concise' category (seed-content GAMES: OB, FG, PP, AE), whose venue wallet the games play from.
 * `catecode` on the wire is that platform (venue) code, which /gamePage passes on as plat_name.
 * Pictures are drawn here (SVG) and served under SLOT_PIC_PREFIX with cache headers.
 */

export interface SlotEntry {
  code: string;
  name: string;
}

/** /concise?type=… → the platform (venue) code. */
export const SLOT_VENUE: Record<SlotPlatform, string> = { obgdy: 'OB', fgdz: 'FG', pp: 'PP', ae: 'AE' };

export const SLOT_CATALOGUE: Record<SlotPlatform, SlotEntry[]> = {
  obgdy: [
    { code: 'ob_fortune_god', name: '财神到' },
    { code: 'ob_golden_dragon', name: '金龙献瑞' },
    { code: 'ob_lucky_koi', name: '锦鲤临门' },
    { code: 'ob_panda_bamboo', name: '熊猫竹林' },
    { code: 'ob_red_lantern', name: '红灯笼' },
    { code: 'ob_jade_emperor', name: '玉皇大帝' },
    { code: 'ob_tiger_gold', name: '金虎迎春' },
    { code: 'ob_lotus_pond', name: '荷塘月色' },
    { code: 'ob_fu_lu_shou', name: '福禄寿' },
    { code: 'ob_money_tree', name: '摇钱树' },
  ],
  fgdz: [
    { code: 'fg_fruit_party', name: '水果派对' },
    { code: 'fg_ocean_king', name: '海洋之王' },
    { code: 'fg_pirate_gold', name: '海盗宝藏' },
    { code: 'fg_magic_lamp', name: '神灯传奇' },
    { code: 'fg_candy_land', name: '糖果世界' },
    { code: 'fg_space_gem', name: '星际宝石' },
    { code: 'fg_wild_west', name: '西部牛仔' },
    { code: 'fg_egypt_sun', name: '埃及艳阳' },
    { code: 'fg_safari', name: '草原狂欢' },
  ],
  pp: [
    { code: 'pp_sweet_bonanza', name: '甜蜜富矿' },
    { code: 'pp_gates_olympus', name: '奥林匹斯之门' },
    { code: 'pp_wolf_gold', name: '金狼' },
    { code: 'pp_big_bass', name: '大鲈鱼' },
    { code: 'pp_starlight', name: '星光公主' },
    { code: 'pp_great_rhino', name: '巨型犀牛' },
    { code: 'pp_dog_house', name: '狗狗之家' },
    { code: 'pp_fire_strike', name: '烈焰打击' },
    { code: 'pp_aztec_gems', name: '阿兹特克宝石' },
    { code: 'pp_joker_jewels', name: '小丑珠宝' },
    { code: 'pp_mustang_gold', name: '黄金野马' },
  ],
  ae: [
    { code: 'ae_dragon_pearl', name: '龙珠' },
    { code: 'ae_golden_pig', name: '金猪送福' },
    { code: 'ae_phoenix_rise', name: '凤凰涅槃' },
    { code: 'ae_lucky_seven', name: '幸运七' },
    { code: 'ae_diamond_rush', name: '钻石狂潮' },
    { code: 'ae_mahjong_win', name: '麻将胡了' },
    { code: 'ae_treasure_box', name: '百宝箱' },
    { code: 'ae_cai_shen', name: '招财进宝' },
  ],
};

export const SLOT_PIC_PREFIX = '/slot-pics/';
export const SLOT_PIC_CACHE = 'public, max-age=86400';

const PALETTES: Record<SlotPlatform, [string, string]> = {
  obgdy: ['#ff7043', '#b71c1c'],
  fgdz: ['#26c6da', '#00695c'],
  pp: ['#ab47bc', '#311b92'],
  ae: ['#ffca28', '#e65100'],
};

const SYMBOLS = ['7', '★', '♦', '♥', '♣', '♠', '☀', '☘'];

const FONT = 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif';

/** A 200×200 picture: gradient card, three reel symbols picked from the code, the game's name. */
export function slotPicture(platform: SlotPlatform, game: SlotEntry, label: string): string {
  const [from, to] = PALETTES[platform];
  let h = 0;
  for (const ch of game.code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const reels = [0, 1, 2].map((i) => SYMBOLS[(h >>> (i * 3)) % SYMBOLS.length] ?? '7');
  const size = game.name.length > 5 ? 22 : 28;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect x="4" y="4" width="192" height="192" rx="28" fill="url(#g)"/>
<text x="20" y="34" font-family="${FONT}" font-size="18" font-weight="700" fill="#ffffff" fill-opacity="0.85">${escapeHtml(label)}</text>
${reels
  .map(
    (s, i) =>
      `<rect x="${26 + i * 52}" y="56" width="44" height="56" rx="8" fill="#ffffff"/><text x="${48 + i * 52}" y="84" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="${to}">${escapeHtml(s)}</text>`,
  )
  .join('\n')}
<text x="100" y="150" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#ffffff">${escapeHtml(game.name)}</text>
</svg>`;
}

export const slotPictureName = (game: SlotEntry) => `${game.code}.svg`;

/** Every slot picture: file name → SVG text, drawn once at start-up. */
export function buildSlotPictures(labels: Record<SlotPlatform, string>): Map<string, string> {
  const pics = new Map<string, string>();
  for (const [platform, games] of Object.entries(SLOT_CATALOGUE) as [SlotPlatform, SlotEntry[]][]) {
    for (const g of games) pics.set(slotPictureName(g), slotPicture(platform, g, labels[platform]));
  }
  return pics;
}

/** The slot platform and entry of a game code of a venue, or null. */
export function findSlot(venue: string, code: string): SlotEntry | null {
  for (const [platform, games] of Object.entries(SLOT_CATALOGUE) as [SlotPlatform, SlotEntry[]][]) {
    if (SLOT_VENUE[platform] !== venue) continue;
    return games.find((g) => g.code === code) ?? null;
  }
  return null;
}
