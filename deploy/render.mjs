// Renders deploy/nginx/betting.conf (deploy/README.md): fills in its {{PLACEHOLDERS}} and prints the
// result, or writes it to --out.
//
//   node deploy/render.mjs --upstream 10.0.0.11:8080 --upstream 10.0.0.12:8080 \
//     --web-dist /srv/betting/apps/web/dist [--listen 80] [--server-name example.com] \
//     [--log-dir /var/log/nginx] [--out /etc/nginx/sites-available/betting.conf]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

function parseArgs(argv) {
  const opts = { upstreams: [] };
  const names = {
    'web-dist': 'webDist',
    listen: 'listen',
    'server-name': 'serverName',
    'log-dir': 'logDir',
    out: 'out',
  };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${argv[i]} needs a value`);
    if (flag === 'upstream') opts.upstreams.push(...value.split(',').map((s) => s.trim()));
    else if (flag && flag in names) opts[names[flag]] = flag === 'web-dist' ? resolve(value) : value;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return opts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const text = render(opts);
    if (opts.out) writeFileSync(opts.out, text);
    else process.stdout.write(text);
  } catch (err) {
    console.error(`render: ${err.message}`);
    process.exit(2);
  }
}
