import { roleMayCall, type OperatorRole } from '@app/contract/console-define';
import { consoleSupportCannedSave, consoleSupportQueue } from '@app/contract/console-support';
import { describe, expect, it } from 'vitest';
import { mayOpen, NAV_ITEMS } from './nav';
import { ROUTES } from './routes';

const ROLES: OperatorRole[] = ['admin', 'finance', 'support', 'content', 'risk'];

describe('客服工作台 in the side menu', () => {
  const item = NAV_ITEMS.find((n) => n.path === '/support');

  it('shows to the roles the desk’s calls allow (客服, 财务, 超级管理员), and only them', () => {
    expect(item?.label).toBe('客服工作台');
    for (const role of ROLES) {
      expect([role, item && mayOpen(role, item)]).toEqual([role, roleMayCall(role, consoleSupportQueue)]);
    }
    expect(ROLES.filter((r) => roleMayCall(r, consoleSupportCannedSave))).toEqual(['admin']);
  });

  it('has its route', () => {
    const paths = ROUTES.flatMap((r) => (r.children ?? []).map((c) => c.path));
    expect(paths).toContain('support');
  });
});
