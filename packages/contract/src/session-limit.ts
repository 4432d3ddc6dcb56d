/* Its own module: the member app's first load carries define.ts, and this is read only after a 401. */

/** The 401 of a session that ran its member's 单次登录时长 (责任博彩): the app says it, not 登录过期. */
export const MSG_SESSION_LIMIT_REACHED = '已达到您设置的单次登录时长，请休息一下再登录';
