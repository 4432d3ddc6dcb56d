// Copied from apps/web/test/dialog.ts (apps do not import each other).
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** `el`, once an opening animation (antd-mobile's Dialog or Popup) lets it take a tap. */
export async function tappable(el: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => {
    for (let e: HTMLElement | null = el; e; e = e.parentElement) {
      expect(getComputedStyle(e).pointerEvents).not.toBe('none');
    }
  });
  return el;
}

/** A button of the newest dialog (an earlier one may still be animating out), once it can take a tap. */
export async function dialogButton(name: string): Promise<HTMLElement> {
  const dialogs = await screen.findAllByRole('dialog');
  const dialog = dialogs[dialogs.length - 1] as HTMLElement;
  return tappable(within(dialog).getByRole('button', { name }));
}
