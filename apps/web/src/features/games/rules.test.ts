import { describe, expect, it } from 'vitest';
import { needsLogin, readGamePage, showMode, slotGamePath, slotTab } from './rules';

const q = (s: string) => new URLSearchParams(s);

describe('readGamePage: what /gamePage opens (spec §2)', () => {
  it.each([
    ['dailiD=1', { kind: 'agent' }],
    ['dailiD=2', { kind: 'service' }],
    ['app=1', { kind: 'ios' }],
    ['dailiD=1&name=AG', { kind: 'agent' }],
    ['name=AG&type=realbet&code=', { kind: 'game', platName: 'AG', gameType: 'realbet', gameCode: '' }],
    [
      'name=PP&type=concise&code=pp_wolf_gold',
      { kind: 'game', platName: 'PP', gameType: 'concise', gameCode: 'pp_wolf_gold' },
    ],
    ['name=KY', { kind: 'game', platName: 'KY', gameType: '', gameCode: '' }],
    ['', { kind: 'invalid' }],
    ['dailiD=3', { kind: 'invalid' }],
    ['name=%20', { kind: 'invalid' }],
  ])('%s', (search, target) => {
    expect(readGamePage(q(search))).toEqual(target);
  });

  it('games and agent login need a member; support and the download link do not', () => {
    expect(needsLogin({ kind: 'game', platName: 'AG', gameType: '', gameCode: '' })).toBe(true);
    expect(needsLogin({ kind: 'agent' })).toBe(true);
    expect(needsLogin({ kind: 'service' })).toBe(false);
    expect(needsLogin({ kind: 'ios' })).toBe(false);
  });
});

describe('showMode: our pages in the iframe, other http(s) pages in a new window, nothing else', () => {
  const origin = 'https://app.example';
  it.each([
    ['/demo-game/?ticket=abc', 'frame'],
    ['https://app.example/support/', 'frame'],
    ['https://games.example/play?x=1', 'window'],
    ['http://games.example/', 'window'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['', null],
    ['not a url', null],
  ])('%s → %s', (url, mode) => {
    expect(showMode(url, origin)).toBe(mode);
  });
});

describe('/concise tabs and links', () => {
  it.each([
    [null, 'obgdy'],
    ['obgdy', 'obgdy'],
    ['fgdz', 'fgdz'],
    ['pp', 'pp'],
    ['ae', 'ae'],
    ['xx', 'obgdy'],
    ['PP', 'obgdy'],
  ])('type=%s shows %s', (type, tab) => {
    expect(slotTab(type)).toBe(tab);
  });

  it('a slot game opens /gamePage with its platform and code', () => {
    expect(slotGamePath({ platform: 'PP', gameCode: 'pp_wolf_gold' })).toBe(
      '/gamePage?name=PP&type=concise&code=pp_wolf_gold',
    );
    expect(slotGamePath({ platform: 'A&B', gameCode: 'x y' })).toBe(
      '/gamePage?name=A%26B&type=concise&code=x+y',
    );
  });
});
