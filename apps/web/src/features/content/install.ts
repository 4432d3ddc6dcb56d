import { useSyncExternalStore } from 'react';

/*
 * Installing the app on a phone (/app): which way this browser offers, and Chromium's install offer.
 * public/pwa.js keeps the offer (beforeinstallprompt) as window.__installPrompt from the page's start,
 * before this screen's code has arrived, and announces each change with an 'installpromptchange' event.
 */

/** Chromium's install offer (the event beforeinstallprompt, not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    __installPrompt?: InstallPromptEvent | null;
  }
}

export const INSTALL_PROMPT_CHANGE = 'installpromptchange';

/** How this browser installs the app: from its offer, by Safari's share menu, by its menu, by a phone. */
export type InstallWay = 'installed' | 'prompt' | 'ios' | 'android' | 'desktop';

export interface Browser {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS Safari calls itself a Mac, but a Mac has no touch screen. */
  touchPoints: number;
  /** Opened from the home screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  hasPrompt: boolean;
}

export function isIos(b: Pick<Browser, 'userAgent' | 'touchPoints'>): boolean {
  return /iPhone|iPad|iPod/.test(b.userAgent) || (/Macintosh/.test(b.userAgent) && b.touchPoints > 1);
}

/** Safari itself: on iOS the other browsers (and in-app ones such as WeChat's) name themselves. */
export function isIosSafari(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|MicroMessenger|QQ\/|Weibo/.test(userAgent);
}

export function installWay(b: Browser): InstallWay {
  if (b.standalone) return 'installed';
  if (b.hasPrompt) return 'prompt';
  if (isIos(b)) return 'ios';
  if (/Android|Mobi/i.test(b.userAgent)) return 'android';
  return 'desktop';
}

/** Whether this is a phone or tablet (the site's QR code is for a computer's screen). */
export function isPhone(b: Pick<Browser, 'userAgent' | 'touchPoints'>): boolean {
  return isIos(b) || /Android|Mobi/i.test(b.userAgent);
}

export function thisBrowser(): Omit<Browser, 'hasPrompt'> {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as { standalone?: boolean }).standalone === true;
  return { userAgent: navigator.userAgent, touchPoints: navigator.maxTouchPoints || 0, standalone };
}

function subscribe(onChange: () => void) {
  window.addEventListener(INSTALL_PROMPT_CHANGE, onChange);
  return () => window.removeEventListener(INSTALL_PROMPT_CHANGE, onChange);
}
const currentPrompt = () => window.__installPrompt ?? null;

/** Chromium's install offer, while it stands. */
export function useInstallPrompt(): InstallPromptEvent | null {
  return useSyncExternalStore(subscribe, currentPrompt, () => null);
}

/**
 * Shows the browser's install dialog; true when the member accepted. An offer serves once, so it is
 * dropped either way (Chromium makes a new one if the app is still not installed).
 */
export async function askToInstall(offer: InstallPromptEvent): Promise<boolean> {
  window.__installPrompt = null;
  window.dispatchEvent(new Event(INSTALL_PROMPT_CHANGE));
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  return outcome === 'accepted';
}

/** The address of the site itself (the app's folder), for the QR code a phone scans. */
export function siteAddress(): string {
  return new URL('./', window.location.href).href;
}
