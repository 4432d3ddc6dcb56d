import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` (drizzle-kit generate) writes migrations from the schema into ./drizzle.
// They are generated, never edited by hand; the server applies them at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema',
  out: './drizzle',
  strict: true,
});
