/**
 * The operator command line: `npm run ops -- <command> [args]`. It talks to the RUNNING server's
 * operator API (OPS_URL, default http://127.0.0.1:$PORT) with the token the server keeps in
 * DATA_DIR/operator-token; it never opens the database itself.
 *
 * Exit codes: 0 done, 1 the server refused, 2 usage error, 3 no server / no token / no answer.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { MSG_OPS_OPERATOR, OPS_OPERATOR_HEADER, OPS_OPERATOR_PATTERN } from '@app/contract/ops-fields';
import { ConfigError, loadConfig } from '../core/config';
import { COMMANDS } from './commands/all';
import { UsageError, type OpsCommand } from './commands/format';
import { wireRequest, type WireRequest } from './commands/wire';
import { safeCell, safeData, safeOutput } from './sanitize';
import { operatorTokenPath, readOperatorToken } from './token';

const EXIT_OK = 0;
const EXIT_REFUSED = 1;
const EXIT_USAGE = 2;
const EXIT_UNREACHABLE = 3;

/* Everything printed goes through these: no control character reaches the terminal (./sanitize). */
const say = (text: string) => console.log(safeOutput(text));
const warn = (text: string) => console.error(safeOutput(text));

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => `${c.name} ${c.args}`.length));
  return [
    'Usage: npm run ops -- <command> [arguments]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${`${c.name} ${c.args}`.padEnd(width)}  ${c.summary}`),
    '',
    'The server must be running (same DATA_DIR and PORT, or OPS_URL=http://127.0.0.1:<port>).',
    'Every command is recorded as 命令行（<name>）: --operator <name>, else the system account.',
  ].join('\n');
}

/** The server's HTTP status and body (JSON when it parses, else the text). */
type Answer = { status: number; body: unknown };

/**
 * `--operator NAME` taken out of the arguments (anywhere): who runs the command, for the audit log;
 * without it, the system account's name. A string is the usage error.
 */
function takeOperator(argv: string[]): { who: string; rest: string[] } | string {
  const { tokens } = parseArgs({
    args: argv,
    options: { operator: { type: 'string' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const given = tokens.filter((t) => t.kind === 'option' && t.name === 'operator');
  const used = new Set(
    given.flatMap((t) => (t.kind === 'option' && !t.inlineValue ? [t.index, t.index + 1] : [t.index])),
  );
  const rest = argv.filter((_, i) => !used.has(i));
  const last = given.at(-1);
  if (last?.kind === 'option') {
    const who = last.value ?? '';
    return OPS_OPERATOR_PATTERN.test(who) ? { who, rest } : `--operator: ${MSG_OPS_OPERATOR}`;
  }
  // Not given: the system account, when it is a name the server takes (else the row says 命令行).
  let system = '';
  try {
    system = userInfo().username;
  } catch {
    // no account entry for this uid (a container): 命令行 alone
  }
  return { who: OPS_OPERATOR_PATTERN.test(system) ? system : '', rest };
}

async function send(base: string, token: string, req: WireRequest, who: string): Promise<Answer> {
  const url = new URL(req.path, base);
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: req.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(who ? { [OPS_OPERATOR_HEADER]: who } : {}),
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: reported below
  }
  return { status: res.status, body };
}

async function run(all: string[]): Promise<number> {
  const operator = takeOperator(all);
  if (typeof operator === 'string') {
    warn(operator);
    return EXIT_USAGE;
  }
  const [name, ...args] = operator.rest;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    say(help());
    return name ? EXIT_OK : EXIT_USAGE;
  }
  const command: OpsCommand | undefined = COMMANDS.find((c) => c.name === name);
  if (!command) {
    warn(`Unknown command: ${name}\n\n${help()}`);
    return EXIT_USAGE;
  }
  const request = commandRequest(command, args);
  if (!request) return EXIT_USAGE;
  const server = findServer();
  if (typeof server === 'number') return server;
  const answer = await ask(server, request, operator.who);
  if (!answer) return EXIT_UNREACHABLE;
  return report(command, request, server.base, answer);
}

/** The command's HTTP request, or null (reported) when its arguments are wrong. */
function commandRequest(command: OpsCommand, args: string[]): WireRequest | null {
  try {
    return wireRequest(command.call, command.request(args));
  } catch (err) {
    if (err instanceof UsageError) {
      warn(`${command.name}: ${err.message}\nUsage: npm run ops -- ${command.name} ${command.args}`);
      return null;
    }
    throw err;
  }
}

interface Server {
  base: string;
  token: string;
}

/** Where the running server answers and its operator token, or the exit code (reported). */
function findServer(): Server | number {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      warn(err.message);
      return EXIT_USAGE;
    }
    throw err;
  }
  const base = process.env.OPS_URL?.trim() || `http://127.0.0.1:${config.port}`;
  const token = readOperatorToken(config.dataDir);
  if (!token) {
    warn(
      `No operator token at ${operatorTokenPath(config.dataDir)}.\n` +
        'The server writes it when it starts: start the server (npm start), or run this command with the ' +
        "same DATA_DIR as the server's.",
    );
    return EXIT_UNREACHABLE;
  }
  return { base, token };
}

/** The server's answer, or null (reported) when none came. */
async function ask({ base, token }: Server, request: WireRequest, who: string): Promise<Answer | null> {
  try {
    return await send(base, token, request, who);
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as { name?: string }).name;
    if (cause === 'ECONNREFUSED' || cause === 'ENOTFOUND' || cause === 'EHOSTUNREACH') {
      warn(
        `No server answers at ${base}. Start it with \`npm start\` (same DATA_DIR and PORT), or set OPS_URL.`,
      );
    } else if (cause === 'TimeoutError') {
      warn(`The server at ${base} did not answer within 15 s.`);
    } else {
      warn(`Could not reach the server at ${base}: ${safeCell((err as Error).message)}`);
    }
    return null;
  }
}

/** Prints the answer (or why it is refused or unexpected); returns the exit code. */
function report(command: OpsCommand, request: WireRequest, base: string, answer: Answer): number {
  const env =
    answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : null;
  if (!env || typeof env.code !== 'number') {
    warn(`Unexpected answer from ${base} (HTTP ${answer.status}); is this our server?`);
    return EXIT_UNREACHABLE;
  }
  if (env.code !== 200) {
    if (answer.status === 401) {
      warn(
        `The server refused the operator token (${safeCell(String(env.message))}). ` +
          "Is DATA_DIR the same as the running server's?",
      );
    } else if (answer.status === 404 && env.message === '接口不存在') {
      warn(
        `The server at ${base} has no operator route ${request.method} ${request.path} ` +
          '(an older server version, or not reached over loopback).',
      );
    } else {
      warn(`Refused (${env.code}): ${safeCell(String(env.message))}`);
    }
    return EXIT_REFUSED;
  }
  // Read by the call's response schema: a reply of another shape is not from this server's version.
  const data = command.call.response.safeParse(safeData(env.data));
  if (!data.success) {
    warn(`Unexpected answer from ${base} (HTTP ${answer.status}); is this our server?`);
    return EXIT_UNREACHABLE;
  }
  say(command.print(data.data, safeCell(String(env.message ?? ''))));
  return EXIT_OK;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    warn(`ops failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(EXIT_UNREACHABLE);
  },
);
