/** URL paths the app serves beside the API, shared by the layers that write and serve them. */

/** The demo content's pictures, drawn at start-up (seed/assets.ts). */
export const SEED_ASSET_PREFIX = '/assets-seed/';
/** Members' uploaded images (core/uploads.ts): the path of a stored upload follows this prefix. */
export const UPLOAD_URL_PREFIX = '/uploads/';
