// A small front for several server processes on one PostgreSQL (README 'PostgreSQL and several
// processes'): listens on one address and forwards HTTP requests and WebSocket upgrades to the
// backends, round-robin per client connection, with X-Forwarded-For set to the client's address.
// A backend that refuses the connection is skipped (the request goes to the next one) and left alone
// for a few seconds. Plain Node, no dependency.
//
//   FRONT_PORT=8080 BACKENDS=127.0.0.1:8081,127.0.0.1:8082 node scripts/front.mjs
//   node scripts/front.mjs --port 8080 --host 127.0.0.1 --backends 127.0.0.1:8081,127.0.0.1:8082
//
// The servers behind it run with TRUST_PROXY=127.0.0.1 (the front's address) so that they see the
// client's address. The front replaces any X-Forwarded-For / Forwarded a client sends: it is the edge.
//
// FRONT_PIN=1 (tests and debugging only): a `front_backend=<n>` cookie (1-based) picks the backend of
// a request or WebSocket, and every reply says which backend answered in `X-Front-Backend: <n>`.
import http from 'node:http';
import net from 'node:net';
import { pathToFileURL } from 'node:url';

/** Headers that belong to one hop and are not forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** Set by the front itself, never taken from the client. */
const FORWARDING = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded']);
/** Connection errors after which the next backend is tried (nothing was sent yet). */
const REFUSED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ETIMEDOUT']);
const PIN_COOKIE = 'front_backend';
/** How long a backend that refused a connection is passed over by new connections. */
const DOWN_MS = 3000;
const CONNECT_TIMEOUT_MS = 3000;

/** 'host:port' → { host, port }; accepts '[::1]:8081'. */
export function parseBackend(spec) {
  const m = /^\s*(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})\s*$/.exec(spec);
  const port = Number(m?.[3]);
  if (!m || port < 1 || port > 65535) throw new Error(`not a host:port backend: ${JSON.stringify(spec)}`);
  return { host: m[1] ?? m[2], port };
}

const peerAddress = (socket) => (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');

function pinnedIndex(cookieHeader, count) {
  const m = new RegExp(`(?:^|;\\s*)${PIN_COOKIE}=(\\d+)`).exec(cookieHeader ?? '');
  const n = Number(m?.[1]);
  return n >= 1 && n <= count ? n - 1 : undefined;
}

/**
 * Starts the front; resolves once it listens. `close()` stops listening and drops every connection.
 * @param {{ port: number, host?: string, backends: string[], pin?: boolean, log?: (line: string) => void }} opts
 */
export async function startFront(opts) {
  const backends = opts.backends.map((spec, i) => ({
    ...parseBackend(spec),
    name: spec.trim(),
    n: i + 1,
    downUntil: 0,
    agent: new http.Agent({ keepAlive: true, maxFreeSockets: 64 }),
  }));
  if (backends.length === 0) throw new Error('no backends (BACKENDS=host:port,host:port)');
  const log = opts.log ?? ((line) => console.error(line));
  const pin = opts.pin === true;
  let next = 0;
  const firstBackend = new WeakMap(); // client socket → index of its backend (round-robin per connection)
  const tunnels = new Set();

  /** Backend indexes in the order to try: the chosen one first, those recently down last. */
  const order = (start) => {
    const now = Date.now();
    const all = backends.map((_, k) => (start + k) % backends.length);
    return [
      ...all.filter((i) => backends[i].downUntil <= now),
      ...all.filter((i) => backends[i].downUntil > now),
    ];
  };
  const markDown = (b, err) => {
    if (b.downUntil <= Date.now())
      log(`front: backend ${b.n} (${b.name}) refused: ${err.code ?? err.message}`);
    b.downUntil = Date.now() + DOWN_MS;
  };
  const startOf = (req) => {
    const pinned = pin ? pinnedIndex(req.headers.cookie, backends.length) : undefined;
    return pinned ?? firstBackend.get(req.socket) ?? 0;
  };

  /** The request's headers for the backend: hop-by-hop and client forwarding headers out, ours in. */
  const forwardHeaders = (req, { keepUpgrade }) => {
    const named = new Set(
      String(req.headers.connection ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );
    const out = [];
    for (let k = 0; k < req.rawHeaders.length; k += 2) {
      const key = req.rawHeaders[k];
      const lower = key.toLowerCase();
      if (FORWARDING.has(lower)) continue;
      const hop = HOP_BY_HOP.has(lower) || named.has(lower);
      const upgrading = keepUpgrade && (lower === 'connection' || lower === 'upgrade');
      if (!hop || upgrading) out.push(key, req.rawHeaders[k + 1]);
    }
    out.push('X-Forwarded-For', peerAddress(req.socket), 'X-Forwarded-Proto', 'http');
    if (req.headers.host) out.push('X-Forwarded-Host', req.headers.host);
    return out;
  };

  const server = http.createServer((req, res) => {
    const tries = order(startOf(req));
    const headers = forwardHeaders(req, { keepUpgrade: false });
    const attempt = (k, retriedReused = false) => {
      const b = backends[tries[k]];
      let sent = false; // once the body started flowing there is no trying elsewhere
      const up = http.request({
        host: b.host,
        port: b.port,
        method: req.method,
        path: req.url,
        headers,
        agent: b.agent,
        timeout: 0,
      });
      const send = () => {
        sent = true;
        req.pipe(up);
      };
      up.on('socket', (s) => {
        if (s.connecting) {
          s.setTimeout(CONNECT_TIMEOUT_MS, () => {
            if (s.connecting) s.destroy(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' }));
          });
          s.once('connect', () => {
            s.setTimeout(0);
            send();
          });
        } else send();
      });
      up.on('response', (r) => {
        const out = {};
        for (const [key, value] of Object.entries(r.headers)) {
          if (!HOP_BY_HOP.has(key)) out[key] = value;
        }
        if (pin) out['x-front-backend'] = String(b.n);
        res.writeHead(r.statusCode ?? 502, r.statusMessage, out);
        r.pipe(res);
        r.on('error', () => res.destroy());
      });
      up.on('error', (err) => {
        if (!sent && REFUSED.has(err.code)) {
          markDown(b, err);
          if (k + 1 < tries.length) return attempt(k + 1);
        } else if (
          up.reusedSocket &&
          err.code === 'ECONNRESET' &&
          !retriedReused &&
          !res.headersSent &&
          (req.method === 'GET' || req.method === 'HEAD')
        ) {
          // A kept-alive connection the backend had just closed: once more on a new one.
          return attempt(k, true);
        }
        if (res.headersSent) return res.destroy();
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
        res.end('Bad gateway: no server process answered.\n');
      });
      res.on('close', () => {
        if (!res.writableFinished) up.destroy();
      });
    };
    attempt(0);
  });

  server.on('connection', (socket) => {
    firstBackend.set(socket, next);
    next = (next + 1) % backends.length;
  });

  // WebSocket (any upgrade): the request goes out as it came (with our forwarding headers), then bytes
  // are piped both ways until either side closes.
  server.on('upgrade', (req, client, head) => {
    const tries = order(startOf(req));
    const headers = forwardHeaders(req, { keepUpgrade: true });
    let lines = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`;
    for (let k = 0; k < headers.length; k += 2) lines += `${headers[k]}: ${headers[k + 1]}\r\n`;
    lines += '\r\n';
    client.on('error', () => undefined);
    const attempt = (k) => {
      if (client.destroyed) return;
      const b = backends[tries[k]];
      const up = net.connect({ host: b.host, port: b.port });
      up.setTimeout(CONNECT_TIMEOUT_MS, () =>
        up.destroy(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })),
      );
      let connected = false;
      up.once('connect', () => {
        connected = true;
        up.setTimeout(0);
        up.setNoDelay(true);
        client.setNoDelay(true);
        tunnels.add(client);
        client.once('close', () => tunnels.delete(client));
        up.write(lines);
        if (head?.length) up.write(head);
        if (pin) {
          // Say which backend answered, in the backend's own 101 reply.
          let first = true;
          up.on('data', (chunk) => {
            if (first) {
              first = false;
              const text = chunk.toString('latin1');
              const end = text.indexOf('\r\n');
              if (end > 0)
                chunk = Buffer.from(
                  `${text.slice(0, end)}\r\nX-Front-Backend: ${b.n}${text.slice(end)}`,
                  'latin1',
                );
            }
            if (!client.write(chunk)) up.pause();
          });
          client.on('drain', () => up.resume());
          up.on('end', () => client.end());
        } else up.pipe(client);
        client.pipe(up);
      });
      up.on('error', (err) => {
        if (!connected && REFUSED.has(err.code)) {
          markDown(b, err);
          if (k + 1 < tries.length) return attempt(k + 1);
          client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        client.destroy();
      });
      up.on('close', () => client.destroy());
      client.on('close', () => up.destroy());
    };
    attempt(0);
  });

  server.on('clientError', (err, socket) => {
    if (socket.writable && !socket.writableEnded)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    backends: backends.map((b) => b.name),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of tunnels) s.destroy();
        for (const b of backends) b.agent.destroy();
      }),
  };
}

/** FRONT_PORT / FRONT_HOST / BACKENDS / FRONT_PIN, overridden by --port / --host / --backends / --pin. */
export function frontOptionsFrom(argv, env) {
  const args = {};
  for (let k = 0; k < argv.length; k++) {
    const m = /^--(port|host|backends|pin)(?:=(.*))?$/.exec(argv[k]);
    if (!m) throw new Error(`unknown argument ${argv[k]}`);
    args[m[1]] = m[1] === 'pin' ? '1' : (m[2] ?? argv[++k]);
  }
  const port = Number(args.port ?? env.FRONT_PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('FRONT_PORT must be a port number');
  const backends = String(args.backends ?? env.BACKENDS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  backends.forEach(parseBackend);
  if (backends.length === 0) throw new Error('BACKENDS is empty: give host:port,host:port');
  return {
    port,
    host: args.host ?? env.FRONT_HOST ?? '127.0.0.1',
    backends,
    pin: (args.pin ?? env.FRONT_PIN) === '1',
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let options;
  try {
    options = frontOptionsFrom(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(`front: ${err.message}`);
    console.error('Usage: FRONT_PORT=8080 BACKENDS=127.0.0.1:8081,127.0.0.1:8082 node scripts/front.mjs');
    process.exit(2);
  }
  const front = await startFront(options).catch((err) => {
    console.error(`front: cannot listen on ${options.host}:${options.port}: ${err.message}`);
    process.exit(1);
  });
  console.log(`Front ready: ${front.url} → ${front.backends.join(', ')}`);
  const stop = () => void front.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
