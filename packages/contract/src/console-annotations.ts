/* Console calls: member tags (coloured, many per member, assigned in bulk), operators' notes on a
 * member, and the member search's filters (console-members.ts spreads them into consoleMembers). */
import * as z from 'zod/mini';
import { toCents } from './codecs';
import { defineConsoleCall, PageQuery, type ConsoleCallDef, type OperatorRole } from './console-define';
import { isCalendarDay } from './calendar-day';
import { OPS_ID_MAX, WholeNumber } from './ops-fields';
import {
  MSG_FILTER_AMOUNT,
  MSG_FILTER_AMOUNT_ORDER,
  MSG_FILTER_DAY,
  MSG_FILTER_DAY_ORDER,
} from './withdrawal-review';

/** Who tags members and writes notes: the roles that look members up (超级管理员 too). */
export const MEMBER_TOOL_ROLES: readonly OperatorRole[] = ['finance', 'support', 'content', 'risk'];

/* Tags -------------------------------------------------------------------------------------------- */

export const TAG_NAME_MAX = 12;
/** Members one bulk tagging may name. */
export const TAG_BULK_MAX = 200;
/** Tags one bulk tagging may name. */
export const TAG_PICK_MAX = 20;
/** The palette a tag's colour comes from, with the name the console shows. */
export const TAG_COLORS = {
  '#f5222d': '红',
  '#fa8c16': '橙',
  '#fadb14': '黄',
  '#52c41a': '绿',
  '#13c2c2': '青',
  '#1677ff': '蓝',
  '#722ed1': '紫',
  '#eb2f96': '粉',
  '#8c8c8c': '灰',
} as const;
export type TagColor = keyof typeof TAG_COLORS;
export const TAG_COLOR_LIST = Object.keys(TAG_COLORS) as TagColor[];

export const MSG_TAG_NAME = '请输入标签名称';
export const MSG_TAG_NAME_LONG = `标签名称最多${TAG_NAME_MAX}个字`;
export const MSG_TAG_COLOR = '请选择标签颜色';
export const MSG_TAG_TAKEN = '标签名称已存在';
export const MSG_TAG_MISSING = '标签不存在';
export const MSG_TAG_MEMBERS = '请选择会员';
export const MSG_TAG_MEMBER_MISSING = '所选会员中有不存在的会员，请刷新后重试';
export const MSG_TAG_MEMBERS_MAX = `一次最多选择${TAG_BULK_MAX}位会员`;
export const MSG_TAG_PICK = '请选择标签';
export const MSG_TAG_PICK_MAX = `一次最多选择${TAG_PICK_MAX}个标签`;

const Id = WholeNumber(1, OPS_ID_MAX);
const TagName = z
  .string({ error: MSG_TAG_NAME })
  .check(z.trim(), z.minLength(1, MSG_TAG_NAME), z.maxLength(TAG_NAME_MAX, MSG_TAG_NAME_LONG));
const TagColorField = z.enum(TAG_COLOR_LIST, MSG_TAG_COLOR);

/** A tag as a member row and the member page show it. */
export const MemberTag = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type MemberTag = z.output<typeof MemberTag>;
export const MemberTagRow = z.object({
  ...MemberTag.shape,
  /** How many members carry it. */
  members: z.number(),
  created_at: z.string(),
});
export type MemberTagRow = z.output<typeof MemberTagRow>;

/** Every tag, by name. */
export const consoleMemberTags = defineConsoleCall({
  name: 'consoleMemberTags',
  method: 'GET',
  path: '/member-tags',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({}),
  response: z.object({ items: z.array(MemberTagRow) }),
});

export const consoleCreateMemberTag = defineConsoleCall({
  name: 'consoleCreateMemberTag',
  method: 'POST',
  path: '/member-tags/create',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({ name: TagName, color: TagColorField }),
  response: MemberTag,
});

export const consoleUpdateMemberTag = defineConsoleCall({
  name: 'consoleUpdateMemberTag',
  method: 'POST',
  path: '/member-tags/update',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({ id: Id, name: TagName, color: TagColorField }),
  response: MemberTag,
});

/** Deletes a tag and takes it off every member carrying it. */
export const consoleDeleteMemberTag = defineConsoleCall({
  name: 'consoleDeleteMemberTag',
  method: 'POST',
  path: '/member-tags/delete',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({ id: Id }),
  response: z.object({ id: z.number(), members: z.number() }),
});

export const TAG_ACTIONS = ['add', 'remove'] as const;

/** Puts tags on (or takes them off) many members at once; a member who has (lacks) one is left as is. */
export const consoleTagMembers = defineConsoleCall({
  name: 'consoleTagMembers',
  method: 'POST',
  path: '/member-tags/assign',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({
    member_ids: z
      .array(Id, MSG_TAG_MEMBERS)
      .check(z.minLength(1, MSG_TAG_MEMBERS), z.maxLength(TAG_BULK_MAX, MSG_TAG_MEMBERS_MAX)),
    tag_ids: z
      .array(Id, MSG_TAG_PICK)
      .check(z.minLength(1, MSG_TAG_PICK), z.maxLength(TAG_PICK_MAX, MSG_TAG_PICK_MAX)),
    action: z._default(z.enum(TAG_ACTIONS, '请选择添加或移除'), 'add'),
  }),
  /** Links made (add) or removed (remove). */
  response: z.object({ changed: z.number() }),
});

/* Notes ------------------------------------------------------------------------------------------- */

export const NOTE_MAX = 500;
export const MSG_NOTE = '请输入备注内容';
export const MSG_NOTE_LONG = `备注最多${NOTE_MAX}个字`;

export const MemberNote = z.object({
  id: z.number(),
  /** Plain text, shown as text. */
  body: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type MemberNote = z.output<typeof MemberNote>;

/** A member's notes, newest first. */
export const consoleMemberNotes = defineConsoleCall({
  name: 'consoleMemberNotes',
  method: 'GET',
  path: '/members/notes',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({ id: Id, ...PageQuery }),
  response: z.object({ total: z.number(), items: z.array(MemberNote) }),
});

/** Adds a note (append-only: a note is never edited or deleted). */
export const consoleAddMemberNote = defineConsoleCall({
  name: 'consoleAddMemberNote',
  method: 'POST',
  path: '/members/notes/add',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({
    id: Id,
    body: z
      .string({ error: MSG_NOTE })
      .check(z.trim(), z.minLength(1, MSG_NOTE), z.maxLength(NOTE_MAX, MSG_NOTE_LONG)),
  }),
  response: MemberNote,
});

/* The member search's filters --------------------------------------------------------------------- */

export const MEMBER_AGENT_FILTERS = ['agent', 'member'] as const;
export const MSG_FILTER_REALNAME = '真实姓名最多32个字';
export const MSG_FILTER_TAG = '请选择正确的标签';
export const MSG_FILTER_VIP = '请选择正确的VIP等级';
export const MSG_FILTER_AGENT = '请选择正确的代理筛选';
export const MSG_FILTER_REFERRER = '推荐人最多32个字';

/** An optional query field: '' or missing → null, else checked and converted. */
function optionalField<T>(ok: (v: string) => boolean, message: string, to: (v: string) => T) {
  return z.pipe(
    z.optional(
      z.string({ error: message }).check(
        z.trim(),
        z.refine((v) => v === '' || ok(v), { message }),
      ),
    ),
    z.transform((v) => (v ? to(v) : null)),
  );
}
const text = (max: number, message: string) =>
  optionalField(
    (v) => v.length <= max,
    message,
    (v) => v,
  );
const whole = (max: number, message: string) =>
  optionalField((v) => /^\d{1,10}$/.test(v) && Number(v) <= max, message, Number);
const day = optionalField(isCalendarDay, MSG_FILTER_DAY, (v) => v);
/** Yuan → cents. */
const amount = optionalField(
  (v) => /^\d{1,10}(\.\d{1,2})?$/.test(v) && toCents(v) !== null,
  MSG_FILTER_AMOUNT,
  (v) => toCents(v) ?? 0,
);

/** Every filter optional; all given must match. Days are Beijing days (both ends included). */
export const MemberSearchFilterFields = {
  /** Real name: exact or its beginning. */
  realname: text(32, MSG_FILTER_REALNAME),
  tag: whole(OPS_ID_MAX, MSG_FILTER_TAG),
  vip: whole(99, MSG_FILTER_VIP),
  /** 'agent': agents only; 'member': everyone else. */
  agent: optionalField(
    (v) => (MEMBER_AGENT_FILTERS as readonly string[]).includes(v),
    MSG_FILTER_AGENT,
    (v) => v,
  ),
  /** The referrer's member name (any case) or id. */
  referrer: text(32, MSG_FILTER_REFERRER),
  reg_from: day,
  reg_to: day,
  login_from: day,
  login_to: day,
  balance_min: amount,
  balance_max: amount,
  deposit_min: amount,
  deposit_max: amount,
};
export type MemberSearchFilters = {
  [K in keyof typeof MemberSearchFilterFields]: z.output<(typeof MemberSearchFilterFields)[K]>;
};

const PAIRS = [
  ['reg_from', 'reg_to', MSG_FILTER_DAY_ORDER],
  ['login_from', 'login_to', MSG_FILTER_DAY_ORDER],
  ['balance_min', 'balance_max', MSG_FILTER_AMOUNT_ORDER],
  ['deposit_min', 'deposit_max', MSG_FILTER_AMOUNT_ORDER],
] as const;

/** The first range whose start is after its end: its end field and the message, or null. */
export function memberFilterProblem(f: MemberSearchFilters): { path: string; message: string } | null {
  for (const [lo, hi, message] of PAIRS) {
    const a = f[lo];
    const b = f[hi];
    if (a !== null && b !== null && a > b) return { path: hi, message };
  }
  return null;
}

/** The search's cross-field check (a range's start after its end). */
export const memberFiltersCheck = z.superRefine((f: MemberSearchFilters, ctx) => {
  const p = memberFilterProblem(f);
  if (p) ctx.issues.push({ code: 'custom', message: p.message, path: [p.path], input: f });
});

/** Whether any filter is given (the search then reads members with them). */
export const hasMemberFilters = (f: MemberSearchFilters) => Object.values(f).some((v) => v !== null);

/* Audit labels ------------------------------------------------------------------------------------ */

export const ANNOTATIONS_AUDIT_ACTIONS: Record<string, string> = {
  'memberTag.create': '新建会员标签',
  'memberTag.update': '修改会员标签',
  'memberTag.delete': '删除会员标签',
  'member.tag': '批量打标签',
  'member.untag': '批量移除标签',
  'member.note': '添加会员备注',
};
export const ANNOTATIONS_AUDIT_TARGETS: Record<string, string> = { memberTag: '会员标签' };

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_ANNOTATIONS_CALLS: readonly ConsoleCallDef[] = [
  consoleMemberTags,
  consoleCreateMemberTag,
  consoleUpdateMemberTag,
  consoleDeleteMemberTag,
  consoleTagMembers,
  consoleMemberNotes,
  consoleAddMemberNote,
];
