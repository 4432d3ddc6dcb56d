/** The prefix of every promotions query (api.ts builds on it; mutations invalidate by it). */
export const promoRoot = () => ['promo'] as const;
