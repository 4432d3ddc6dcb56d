import { UserInfo } from '@app/contract/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER } from '@test/msw/fixtures';

/** The store as a fresh page load finds it (it restores from storage when its module loads). */
async function freshStore() {
  vi.resetModules();
  return import('@/shared/session/store');
}

const member = UserInfo.parse(MEMBER);

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the member kept locally (spec §3)', () => {
  it('paints the member from storage on the next load, before /api/user answers', async () => {
    const first = await freshStore();
    first.sessionActions.signIn('tok', false);
    first.sessionActions.setUser(member);
    const next = await freshStore();
    expect(next.useSession.getState().user).toEqual(member);
    expect(next.useSession.getState().token).toBe('tok');
  });

  it('keeps it for new tabs only with 自动登录, and drops it on logout, a new sign-in or a bad copy', async () => {
    const store = await freshStore();
    store.sessionActions.signIn('tok', false);
    store.sessionActions.setUser(member);
    expect(localStorage.getItem(store.USER_KEY)).toBeNull();
    store.sessionActions.signIn('tok2', true);
    expect(sessionStorage.getItem(store.USER_KEY)).toBeNull();
    store.sessionActions.setUser(member);
    expect(localStorage.getItem(store.USER_KEY)).not.toBeNull();

    store.sessionActions.clear(); // logout and 401
    expect((await freshStore()).useSession.getState().user).toBeNull();

    sessionStorage.setItem('token', 'tok');
    sessionStorage.setItem(store.USER_KEY, JSON.stringify({ username: 'x' }));
    expect((await freshStore()).useSession.getState().user).toBeNull();
    sessionStorage.setItem(store.USER_KEY, '{not json');
    expect((await freshStore()).useSession.getState().user).toBeNull();
  });

  it('is not restored without a token', async () => {
    sessionStorage.setItem('userInfo', JSON.stringify(member));
    expect((await freshStore()).useSession.getState().user).toBeNull();
  });
});

describe('messageNum (spec §3)', () => {
  it('counts the notices since /message was last opened; opening it marks them read', async () => {
    const { sessionActions, useSession } = await freshStore();
    sessionActions.countNotices(3, false);
    expect(useSession.getState().messageNum).toBe(3);
    sessionActions.countNotices(3, true);
    expect(useSession.getState().messageNum).toBe(0);
    sessionActions.countNotices(5, false);
    expect(useSession.getState().messageNum).toBe(2);
    // Notices withdrawn: never below 0.
    sessionActions.countNotices(1, false);
    expect(useSession.getState().messageNum).toBe(0);
  });
});
