// Renders deploy/nginx/betting.conf (deploy/README.md): fills in its {{PLACEHOLDERS}} and prints the
// result, or writes it to --out. Each option takes a value, after a space or an `=` (--listen=8080).
//
//   node deploy/render.mjs --upstream 10.0.0.11:8080 --upstream 10.0.0.12:8080 \
//     --web-dist /srv/betting/apps/web/dist [--listen 80] [--server-name example.com] \
//     [--log-dir /var/log/nginx] [--out /etc/nginx/sites-available/betting.conf]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const TEMPLATE = join(dirname(fileURLToPath(import.meta.url)), 'nginx/betting.conf');

/** A value nginx would read as more than one token or as the end of a directive. */
const UNSAFE = /[\s;{}'"$\\]/;

function checked(name, value) {
  if (!value || UNSAFE.test(value)) throw new Error(`--${name}: ${JSON.stringify(value)} is not usable`);
  return value;
}

/**
 * The rendered configuration.
 * @param {{ upstreams: string[], webDist: string, listen?: string, serverName?: string, logDir?: string }} opts
 */
export function render(opts) {
  if (opts.upstreams.length === 0) throw new Error('at least one --upstream host:port is needed');
  for (const u of opts.upstreams) {
    if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(u)) {
      throw new Error(`--upstream: ${JSON.stringify(u)} is not host:port`);
    }
  }
  if (!opts.webDist || !isAbsolute(opts.webDist)) throw new Error('--web-dist must be an absolute path');
  const values = {
    // A machine that fails three times in 10 s is left alone for 10 s.
    UPSTREAM_SERVERS: opts.upstreams.map((u) => `    server ${u} max_fails=3 fail_timeout=10s;`).join('\n'),
    WEB_DIST: checked('web-dist', opts.webDist.replace(/\/+$/, '')),
    LISTEN: checked('listen', opts.listen ?? '80'),
    SERVER_NAME: checked('server-name', opts.serverName ?? '_'),
    LOG_DIR: checked('log-dir', (opts.logDir ?? '/var/log/nginx').replace(/\/+$/, '')),
  };
  return readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (whole, key) => {
    if (!(key in values)) throw new Error(`unknown placeholder ${whole} in ${TEMPLATE}`);
    return values[key];
  });
}

/** The command line's options for node:util's parseArgs: a value after a space or an `=`. */
const OPTIONS = {
  upstream: { type: 'string', multiple: true },
  'web-dist': { type: 'string' },
  listen: { type: 'string' },
  'server-name': { type: 'string' },
  'log-dir': { type: 'string' },
  out: { type: 'string' },
};

/** render()'s options (and `out`) from the command line; an Error names the first argument it cannot use. */
function optionsOf(args) {
  // Not strict, so that the errors are ours and name the argument as typed; a value may start with a dash.
  const { values, tokens } = parseArgs({
    args,
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    const arg = args[token.index];
    // A word without its option, `--`, or an option of another name.
    if (token.kind !== 'option' || !Object.hasOwn(OPTIONS, token.name))
      throw new Error(`unknown option ${arg}`);
    if (token.value === undefined) throw new Error(`${arg} needs a value`);
  }
  const webDist = values['web-dist'];
  return {
    upstreams: (values.upstream ?? []).flatMap((value) => value.split(',').map((s) => s.trim())),
    webDist: webDist === undefined ? undefined : resolve(webDist),
    listen: values.listen,
    serverName: values['server-name'],
    logDir: values['log-dir'],
    out: values.out,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const opts = optionsOf(process.argv.slice(2));
    const text = render(opts);
    if (opts.out) writeFileSync(opts.out, text);
    else process.stdout.write(text);
  } catch (err) {
    console.error(`render: ${err.message}`);
    process.exit(2);
  }
}
