/**
 * The one instant of the screenshot suite: the server's clock stands still here (CLOCK_FIXED_AT) and
 * so does the browser's. 10:30 Beijing time, inside the red-packet hours (10:00–12:00).
 */
export const FIXED_AT = '2026-01-15T10:30:00+08:00';

/**
 * A stopped clock draws nothing, so the server first stands at this earlier instant to open rounds
 * that are due (and drawn) by FIXED_AT: the rooms then show results and past draws (start-server.mjs).
 */
export const ROUNDS_OPENED_AT = '2026-01-15T10:00:00+08:00';
