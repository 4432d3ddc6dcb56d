/**
 * The prefix of the venue wallet query (venues.ts), apart so that the header's 一键回收 can invalidate
 * it without loading the wallet contract with the first page.
 */
export const venuesRoot = () => ['venues'] as const;
