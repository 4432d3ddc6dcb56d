// The agent back office's API (apps/agent) answered from fixtures: every /api/ call it makes, in the
// wire shape of @app/contract/agent-office, dated for the screenshot suite's instant (clock.ts): this
// period is January 2026, the statements are the three months before, the report is this month.
// What a fresh server has none of (plans, statements, sub-agents), and the same answers on every run.
// One module for both users: agent.spec.ts (through page.route) and apps/agent/scripts/screenshots.mjs
// (its mock mode). Plain JS so that the script runs on Node 20 without a TypeScript loader; its types
// are in agent-fixtures.d.mts, and agent.spec.ts checks every reply against the contract's schemas.

/** The instant the fixtures are written for (clock.ts FIXED_AT): the browser's clock stands here. */
export const FIXTURES_AT = '2026-01-15T10:30:00+08:00';
export const AGENT = { name: 'agent01', password: 'agent123' };
export const TOKEN = 'fixture-agent-token';
/** The one ticket the fixtures exchange for a session; any other is spent (MSG_TICKET_INVALID). */
export const TICKET = 'T1cket_abcdefghijklmnopqrstuvwxyz';
/** Invite links point at a fixed site, so that their QR codes are the same whatever the test port. */
const SITE = 'https://m.example.com';

const ok = (data) => ({ status: 200, json: { code: 200, message: '成功', data } });
const fail = (status, message) => ({ status, json: { code: status, message, data: null } });

/* Statement figures (cents, as stored), derived as the server does: commission per category, the
 * agent's share of the costs, the loss carried in; a negative result is carried out, never paid. */
const line = (category, valid, profit, rate_bp) => ({
  category,
  stake: Math.round(valid * 1.1),
  valid,
  profit,
  rate_bp,
  commission: Math.trunc((profit * rate_bp) / 10_000),
  from_sub_agents: 0,
});
function figures({ lines, members, active, costs, carried_in = 0, tier = 2 }) {
  const [rebates, bonuses, red_packets, fees] = costs;
  const cost_share_bp = 3500;
  const net_loss = lines.reduce((s, l) => s + l.profit, 0);
  const gross = lines.reduce((s, l) => s + l.commission, 0);
  const costs_borne = Math.round(((rebates + bonuses + red_packets + fees) * cost_share_bp) / 10_000);
  const result = gross - costs_borne + carried_in;
  return {
    lines,
    members,
    active,
    net_loss,
    rebates,
    bonuses,
    red_packets,
    fees,
    cost_share_bp,
    costs_borne,
    gross,
    tier,
    carried_in,
    result,
    payable: Math.max(result, 0),
    carry_out: Math.min(result, 0),
    largest_member_bp: 1800,
  };
}
const THIS_PERIOD = figures({
  lines: [
    line('lottery', 1_380_000, 312_050, 3500),
    line('realperson', 840_000, -42_000, 3000),
    line('electron', 400_000, 61_500, 3000),
  ],
  members: 128,
  active: 37,
  costs: [11_020, 25_000, 3_880, 4_410],
});
const money = (cents) => (cents / 100).toFixed(2);
// Newest first: December waits for payment, November was paid (after October's loss was carried in),
// October's team won, so nothing was due.
const OCTOBER = figures({
  lines: [line('lottery', 260_000, -31_000, 3500), line('sport', 90_000, 4_000, 3000)],
  members: 96,
  active: 21,
  costs: [3_000, 5_000, 0, 1_200],
  tier: 1,
});
const NOVEMBER = figures({
  lines: [line('lottery', 980_000, 203_000, 3500), line('realperson', 510_000, 38_000, 3000)],
  members: 112,
  active: 30,
  costs: [8_400, 12_000, 2_600, 3_100],
  carried_in: OCTOBER.carry_out,
});
const DECEMBER = figures({
  lines: [...THIS_PERIOD.lines, line('sport', 220_000, -9_000, 3000)],
  members: 121,
  active: 34,
  costs: [10_100, 20_000, 3_300, 4_000],
});
const statement = (id, month, f, paid_at) => ({
  id,
  period_start: `2025-${month}-01 00:00:00`,
  period_end: month === '12' ? '2026-01-01 00:00:00' : `2025-${Number(month) + 1}-01 00:00:00`,
  plan_name: '标准负盈利方案',
  plan_kind: 'net_loss',
  state: f.payable === 0 ? 'nil' : paid_at ? 'paid' : 'draft',
  payable: money(f.payable),
  paid_at,
  figures: f,
});
const STATEMENTS = [
  statement(9, '12', DECEMBER, null),
  statement(8, '11', NOVEMBER, '2025-12-03 11:20:00'),
  statement(7, '10', OCTOBER, null),
];

const OWN_RATES = { realperson: 30, sport: 40, e_sport: 40, joker: 20, electron: 35, lottery: 40 };
const SUB_AGENTS = [
  {
    id: 55,
    username: 'subagent1',
    joined_at: '2025-10-05 12:00:00',
    status: 'active',
    rates: { realperson: 20, sport: 30, e_sport: 30, joker: 10, electron: 25, lottery: 30 },
    members: 41,
  },
  {
    id: 56,
    username: 'subagent2',
    joined_at: '2025-10-18 09:30:00',
    status: 'suspended',
    rates: { realperson: 10, sport: 10, e_sport: 10, joker: 10, electron: 10, lottery: 20 },
    members: 7,
  },
];

/* The downline: 128 direct members (two of them the sub-agents), their members one and two levels
 * down; figures made up from the member's number, so that every card differs. */
const DOWNLINE_SIZE = [128, 9, 3];
const PER_PAGE = 20;
const pad = (n) => String(n).padStart(2, '0');
function member(level, i) {
  const sub = SUB_AGENTS[i % 2];
  const agentName = level === 1 && i === 3 ? 'subagent1' : level === 1 && i === 8 ? 'subagent2' : '';
  return {
    id: level * 1000 + i,
    username: agentName || `${level === 1 ? 'player' : `lv${level}user`}${pad(i)}`,
    realname: ['张**', '李*', '', '王**'][i % 4],
    level,
    agent: level === 1 ? '' : sub.username,
    is_agent: agentName !== '',
    joined_at: `2025-${pad(10 + (i % 3))}-${pad(1 + (i % 28))} 1${i % 10}:20:00`,
    last_login_at: i % 6 === 0 ? null : `2026-01-${pad(1 + (i % 14))} 21:05:00`,
    deposits: `${(i * 731) % 9000}.00`,
    withdrawals: `${(i * 217) % 3000}.50`,
    valid: `${(i * 1931) % 40000}.00`,
    win_loss: i % 3 === 0 ? `${(i * 97) % 900}.25` : `-${(i * 389) % 2500}.75`,
  };
}
function downline({ level = 1, q = '', page = 1 }) {
  const all = Array.from({ length: DOWNLINE_SIZE[level - 1] ?? 0 }, (_, i) => member(level, i + 1));
  const found = all.filter((m) => m.username.startsWith(q));
  const current = Number(page) || 1;
  return {
    data: found.slice((current - 1) * PER_PAGE, current * PER_PAGE),
    total: found.length,
    current_page: current,
    last_page: Math.max(1, Math.ceil(found.length / PER_PAGE)),
  };
}

const invite = (id, code, kind, more = {}) => ({
  id,
  code,
  kind,
  rates: null,
  expires_at: null,
  max_uses: null,
  uses: 0,
  revoked: false,
  url: `${SITE}/#/reg?invite=${code}`,
  ...more,
});
const INVITES = [
  invite(1, 'QRDWVK77', 'member', { uses: 86 }),
  invite(2, '2PVV7SJ8', 'agent', {
    rates: SUB_AGENTS[0].rates,
    expires_at: '2026-03-31 00:00:00',
    max_uses: 5,
    uses: 2,
  }),
  invite(3, '6RR8JCPU', 'member', { max_uses: 50, uses: 50, revoked: true }),
];

/** One day of the team report; every fifth day nothing happened (the screen leaves it out). */
function reportDay(day) {
  const k = (Number(day.slice(8)) * 7) % 5;
  return {
    day,
    new_members: k % 3,
    deposits: `${k * 300}.00`,
    withdrawals: `${k * 120}.00`,
    lines:
      k === 0
        ? []
        : [
            { category: 'lottery', valid: `${k * 880}.00`, profit: `${k * 61}.50` },
            { category: 'realperson', valid: `${k * 410}.00`, profit: `-${k * 23}.00` },
          ],
  };
}
function report({ start_date, end_date }) {
  const days = [];
  for (
    let t = Date.parse(`${start_date}T00:00:00Z`);
    t <= Date.parse(`${end_date}T00:00:00Z`);
    t += 86_400_000
  )
    days.push(reportDay(new Date(t).toISOString().slice(0, 10)));
  return { days };
}

/** Every call of the back office: path → its reply to the request's body. */
const REPLIES = {
  '/api/login_pc': (b) =>
    b.name === AGENT.name && b.password === AGENT.password
      ? ok({ api_token: TOKEN })
      : fail(400, '账号或密码错误'),
  '/api/logoff': () => ok(null),
  '/api/agent/ticket': (b) =>
    b.ticket === TICKET ? ok({ api_token: TOKEN }) : fail(400, '登录链接已失效，请从App重新进入代理后台'),
  '/api/agent/overview': () =>
    ok({
      username: AGENT.name,
      status: 'active',
      depth: 1,
      plan: { name: '标准负盈利方案', kind: 'net_loss', period: 'monthly' },
      period: { start: '2026-01-01 00:00:00', end: '2026-02-01 00:00:00' },
      estimate: THIS_PERIOD,
      carried: money(DECEMBER.carry_out),
      paid_total: money(NOVEMBER.payable + 1_285_000),
      members: DOWNLINE_SIZE[0],
      sub_agents: SUB_AGENTS.length,
      team: DOWNLINE_SIZE.reduce((s, n) => s + n, 0),
      new_today: 4,
    }),
  '/api/agent/downline': (b) => ok(downline(b)),
  '/api/agent/statements': () =>
    ok({ data: STATEMENTS, total: STATEMENTS.length, current_page: 1, last_page: 1 }),
  '/api/agent/invites': () => ok({ invites: INVITES, own_rates: OWN_RATES, can_invite_agents: true }),
  '/api/agent/invites/create': (b) =>
    ok(invite(4, 'NEWCODE2', b.kind ?? 'member', { rates: b.kind === 'agent' ? (b.rates ?? null) : null })),
  '/api/agent/invites/revoke': (b) =>
    ok({ ...(INVITES.find((i) => i.id === b.id) ?? INVITES[0]), revoked: true }),
  '/api/agent/sub_agents': () =>
    ok({ data: SUB_AGENTS, total: SUB_AGENTS.length, current_page: 1, last_page: 1 }),
  '/api/agent/sub_agents/rates': (b) =>
    ok({ ...(SUB_AGENTS.find((a) => a.id === b.id) ?? SUB_AGENTS[0]), rates: b.rates }),
  '/api/agent/report': (b) => ok(report(b)),
};
const WITHOUT_SESSION = new Set(['/api/login_pc', '/api/agent/ticket']);

/**
 * The answer to a POST of `body` to `path` with the session `token` (null: none): the HTTP status and
 * the envelope, as the server sends them (an error's status is its code).
 */
export function agentReply(path, body, token) {
  const reply = REPLIES[path];
  if (!reply) return fail(404, '接口不存在');
  if (!WITHOUT_SESSION.has(path) && token !== TOKEN) return fail(401, '登录已过期，请重新登录');
  return reply(body ?? {});
}
