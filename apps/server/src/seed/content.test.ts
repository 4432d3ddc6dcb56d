import { describe, expect, it } from 'vitest';
import { WITHDRAW_FEE_MULTIPLIER } from '../modules/wallet/turnover';
import { ABOUT_ARTICLES, ANNOUNCEMENTS, ARTICLES, GAMES, HOME_NOTICES } from './content';
import { SEED_ACTIVITIES } from './promo';

/* The demo content must not contradict the rules the server applies or itself. */

const multiples = (html: string) => [...html.matchAll(/(\d+) ?倍/g)].map((m) => Number(m[1]));

describe('seed content', () => {
  it('the first-deposit notice states the turnover multiple the first-deposit activity applies', () => {
    const activity = SEED_ACTIVITIES.find((a) => a.bonusBasis === 'first_deposit');
    const notice = ANNOUNCEMENTS.find((a) => a.title.includes('首存'));
    expect(activity && notice).toBeTruthy();
    expect(multiples(notice?.content ?? '')).toEqual([activity?.turnoverMultiple]);
    // Its cap and minimum deposit too.
    expect(notice?.content).toContain(`${Number(activity?.bonusCapCents) / 100} 元`);
    expect(notice?.content).toContain(`${Number(activity?.bonusMinDepositCents) / 100} 元起`);
  });

  it('the FAQ states the deposit turnover the withdrawal rule applies', () => {
    expect(ARTICLES[1].content).toContain(`完成存款金额 ${WITHDRAW_FEE_MULTIPLIER} 倍的有效投注`);
  });

  it('/abouts has its own terms (not the agent joining article) and the privacy policy', () => {
    expect(ABOUT_ARTICLES[5].title).toBe('条款与规则');
    expect(ABOUT_ARTICLES[5].content).not.toBe(ARTICLES[5].content);
    expect(ARTICLES[5].title).toBe('代理加盟');
    expect(ABOUT_ARTICLES[6].title).toBe('隐私政策');
  });

  it('the red packet hours agree wherever they are told', () => {
    const hours = (text: string) => text.match(/\d{2}:\d{2}–\d{2}:\d{2}/g) ?? [];
    const told = [...HOME_NOTICES, ...ANNOUNCEMENTS.map((a) => a.content)].filter((t) => t.includes('红包'));
    expect(told.length).toBeGreaterThan(0);
    for (const t of told) expect(hours(t)).toEqual(['10:00–12:00']);
  });

  it('every platform has a Chinese name for members, never its bare code', () => {
    for (const g of GAMES) {
      expect(g.name).not.toBe(g.platformName);
      expect(g.name).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
