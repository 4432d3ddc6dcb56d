// Types of agent-fixtures.mjs (plain JS for apps/agent/scripts/screenshots.mjs). The replies' shapes
// are the contract's; agent.spec.ts checks them against its schemas.

export declare const FIXTURES_AT: string;
export declare const AGENT: { name: string; password: string };
export declare const TOKEN: string;
export declare const TICKET: string;

export interface FixtureReply {
  status: number;
  json: { code: number; message: string; data: unknown };
}

export declare function agentReply(
  path: string,
  body: Record<string, unknown> | null | undefined,
  token: string | null,
): FixtureReply;
