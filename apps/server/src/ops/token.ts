import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const OPERATOR_TOKEN_FILE = 'operator-token';

export function operatorTokenPath(dataDir: string): string {
  return join(dataDir, OPERATOR_TOKEN_FILE);
}

/**
 * The operator token under DATA_DIR/operator-token: created at start-up (mode 0600) when missing,
 * read otherwise. Whoever can read that file may use the operator API on this machine.
 */
export function ensureOperatorToken(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = operatorTokenPath(dataDir);
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // Readable by the owner only, even when someone loosened it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const token = readFileSync(file, 'utf8').trim();
  if (token.length < 32) throw new Error(`${file} holds no usable operator token; delete it and restart`);
  return token;
}

/** For the command line: the token, or null when the file does not exist. */
export function readOperatorToken(dataDir: string): string | null {
  try {
    return readFileSync(operatorTokenPath(dataDir), 'utf8').trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
