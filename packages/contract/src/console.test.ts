import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from './calls';
import { CONSOLE_CALLS } from './console';
import { CONSOLE_API_PREFIX, OPERATOR_ROLES, type ConsoleCallDef } from './console-define';
import * as auth from './console-auth';
import * as money from './console-money';
import * as applications from './console-applications';
import * as members from './console-members';
import * as admin from './console-admin';
import * as uploads from './console-uploads';
import * as content from './console-content';
import * as payments from './console-payments';
import * as site from './console-site';
import * as promo from './console-promo';
import * as lottery from './console-lottery';
import * as exposure from './console-exposure';
import * as chat from './console-chat';
import * as reports from './console-reports';
import * as approvals from './console-approvals';
import * as annotations from './console-annotations';
import * as blacklist from './console-blacklist';
import * as risk from './console-risk';
import * as queue from './console-queue';
import * as segments from './console-segments';
import * as protection from './console-protection';
import * as agents from './console-agents';
import * as support from './console-support';

const isCall = (v: unknown): v is ConsoleCallDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'roles' in v && 'request' in v;
const MODULES = [
  auth,
  money,
  applications,
  members,
  admin,
  uploads,
  content,
  payments,
  site,
  promo,
  lottery,
  exposure,
  chat,
  reports,
  approvals,
  annotations,
  blacklist,
  risk,
  queue,
  segments,
  protection,
  agents,
  support,
];
const EXPORTED = MODULES.flatMap((m) => Object.values(m).filter(isCall));

describe('the console calls', () => {
  it('lists every exported console call once, and none of the members’', () => {
    expect(new Set(CONSOLE_CALLS).size).toBe(CONSOLE_CALLS.length);
    expect(new Set(CONSOLE_CALLS)).toEqual(new Set(EXPORTED));
    expect(CONSOLE_CALLS.filter((c) => (ALL_CALLS as readonly unknown[]).includes(c))).toEqual([]);
  });

  it('are console calls under /api, each on its own (method, path) and name, with known roles', () => {
    for (const c of CONSOLE_CALLS) {
      expect(c.auth, c.name).toBe('console');
      expect(c.path.startsWith(`${CONSOLE_API_PREFIX}/`), c.name).toBe(true);
      expect(c.money || c.multipart, c.name).toBe(false);
      for (const r of c.roles) expect(OPERATOR_ROLES, c.name).toContain(r);
      // A GET never writes (no CSRF check, no audit row).
      if (c.method === 'GET') expect(c.write, c.name).toBe(false);
    }
    expect(new Set(CONSOLE_CALLS.map((c) => `${c.method} ${c.path}`)).size).toBe(CONSOLE_CALLS.length);
    expect(new Set(CONSOLE_CALLS.map((c) => c.name)).size).toBe(CONSOLE_CALLS.length);
  });

  it('every audit action an area names has a Chinese label', () => {
    for (const m of MODULES) {
      for (const [key, value] of Object.entries(m)) {
        if (!key.endsWith('_AUDIT_ACTIONS') && !key.endsWith('_AUDIT_TARGETS')) continue;
        for (const [action, label] of Object.entries(value as Record<string, string>)) {
          expect(label, action).toMatch(/[\u4e00-\u9fff]/);
          const merged = key.endsWith('_AUDIT_ACTIONS')
            ? admin.AUDIT_ACTION_LABELS
            : admin.AUDIT_TARGET_LABELS;
          expect(merged[action], action).toBe(label);
        }
      }
    }
  });
});
