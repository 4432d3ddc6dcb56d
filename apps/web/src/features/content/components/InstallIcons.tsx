/*
 * The buttons a member looks for in the browser, drawn as they appear there (no emoji: a phone without
 * an emoji font would show boxes).
 */

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Safari's share button: a box with an arrow out of its top. */
export function ShareIcon() {
  return (
    <svg className="ct-install-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path {...stroke} d="M8 10H6v11h12V10h-2M12 3v12M8.5 6.5 12 3l3.5 3.5" />
    </svg>
  );
}

/** 添加到主屏幕: a rounded square with a plus. */
export function AddToHomeIcon() {
  return (
    <svg className="ct-install-icon" viewBox="0 0 24 24" aria-hidden="true">
      <rect {...stroke} x="4" y="4" width="16" height="16" rx="4" />
      <path {...stroke} d="M12 8.5v7M8.5 12h7" />
    </svg>
  );
}

/** The browser's menu: three dots in a column. */
export function MenuIcon() {
  return (
    <svg className="ct-install-icon" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="5.5" r="1.8" fill="currentColor" />
      <circle cx="12" cy="12" r="1.8" fill="currentColor" />
      <circle cx="12" cy="18.5" r="1.8" fill="currentColor" />
    </svg>
  );
}

/** Done: a tick in a circle. */
export function InstalledIcon() {
  return (
    <svg className="ct-install-done" viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="22" fill="#e8f7ee" />
      <path d="M14 24.5 21 31l13-14" fill="none" stroke="#1f9d55" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
