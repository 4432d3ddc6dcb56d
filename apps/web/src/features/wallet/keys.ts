/** The prefix of every wallet query (api.ts builds on it; the header's small button invalidates it). */
export const walletRoot = () => ['wallet'] as const;
