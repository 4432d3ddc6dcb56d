// Seeds the bench's members straight into the database, before the server starts: N members with a
// central wallet, an opening balance and one session each (registering 1,000 members through the API
// would spend 1,000 Argon2id hashes and the registration rate limit). Migrates and applies the
// product's seed first, exactly as the server does at start.
//
// Run by bench/bench.mjs with the server's environment (DATA_DIR or DATABASE_URL):
//   node --import tsx bench/seed-members.ts <count> <opening balance in cents> <out.json>
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../apps/server/src/core/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/seed';
import { users } from '../apps/server/src/db/schema/accounts';
import { hashPassword } from '../apps/server/src/identity/passwords';
import { createSession } from '../apps/server/src/identity/sessions';
import { SEED_ASSET_PREFIX } from '../apps/server/src/core/paths';
import { credit } from '../apps/server/src/modules/wallet/ledger';
import { openCentralWallet } from '../apps/server/src/modules/wallet/service';

const [countArg, centsArg, out] = process.argv.slice(2);
const count = Number(countArg);
const cents = BigInt(centsArg ?? '0');
if (!Number.isInteger(count) || count < 1 || !out) {
  console.error('usage: seed-members.ts <count> <opening cents> <out.json>');
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase(config);
await handle.prepare((db) => seed(db, { publicUrl: config.publicUrl, demo: config.demo }));
const db = handle.db;

const passwordHash = await hashPassword('bench123');
const members: { id: number; name: string; token: string }[] = [];
const BATCH = 100;
for (let start = 0; start < count; start += BATCH) {
  const names = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => `bench${start + i + 1}`);
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values(
        names.map((name) => ({
          username: name,
          passwordHash,
          payPasswordHash: passwordHash,
          avatar: `${SEED_ASSET_PREFIX}avatar.svg`,
          createdAt: new Date(),
        })),
      )
      .returning({ id: users.id, name: users.username });
    for (const row of rows) {
      await openCentralWallet(tx, row.id);
      members.push({ id: row.id, name: row.name, token: await createSession(tx, row.id) });
    }
  });
}
if (cents > 0n) for (const m of members) await credit(db, m.id, cents, 'adjustment', 'bench');

writeFileSync(out, JSON.stringify(members));
await handle.close();
console.log(`seeded ${members.length} members`);
