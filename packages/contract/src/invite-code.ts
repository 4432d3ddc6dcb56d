/* Agents' invite codes (issue 33), apart from the rest of the agent contract: registration checks
 * them, and the members' first load should not carry the plans' code to do so. */

/** Invite codes: 8 of these letters and digits (no 0/O, 1/I); links carry them as ?invite=. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;
export const MSG_INVITE_CODE = '邀请码为8位字母或数字';
