/* Texts and rules of the member's settings (/userCent). */

/** Asked before logging out (spec §2, /mine and /userCent). */
export const MSG_LOGOUT_CONFIRM = '您确定要退出登录吗?';
