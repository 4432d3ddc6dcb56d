/** URL paths the app serves beside the API, shared by the layers that write and serve them. */

/** The demo content's pictures, drawn at start-up (seed/assets.ts). */
export const SEED_ASSET_PREFIX = '/assets-seed/';
