/** What the global setup hands to the test files: where the migrated, seeded template lives. */
export type TestDbInfo =
  { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestDb: TestDbInfo;
  }
}

/** The public URL the test template is seeded with. */
export const TEST_PUBLIC_URL = 'http://127.0.0.1:8080';

/** `postgres://…/<db>` with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
