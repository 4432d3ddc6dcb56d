import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` (drizzle-kit generate) writes migrations from the schema into ./drizzle; the
// server applies them all, in order, at start-up. Most are generated and never edited. What the schema
// cannot say is hand-written in a custom migration (`npx drizzle-kit generate --custom --name <what>`,
// then the SQL, saying so at its top): 0013 (the audit log refuses changes: a trigger), 0015 and 0019
// (money functions: one statement per movement), 0017 (carrying the old turnover counter over). A
// migration that has run is never changed: a new one replaces what it made (0019 replaces two of 0015's).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema',
  out: './drizzle',
  strict: true,
});
