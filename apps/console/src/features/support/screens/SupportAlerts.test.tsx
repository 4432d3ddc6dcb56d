import { consoleSupportCanned, consoleSupportQueue } from '@app/contract/console-support';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudioContext, started } from '@test/audio';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { SUPPORT_KEY } from '../api';
import { FakeSocket } from './fake-socket';
import { KEFU, queue, row, tab } from './support-fixtures';
import SupportScreen from './SupportScreen';

let counts = { waiting: 1, unread: 0 };

beforeEach(() => {
  started.mockClear();
  vi.stubGlobal('AudioContext', FakeAudioContext);
  // Never opens: the counts come by reads of the queue (SupportLive.test.tsx has the socket's).
  vi.stubGlobal('WebSocket', FakeSocket);
  window.localStorage.clear();
  counts = { waiting: 1, unread: 0 };
  server.use(
    answer(consoleSupportQueue, () => queue([row()], counts)),
    answer(consoleSupportCanned, { items: [] }),
  );
});

/** A poll of the queue, as the 5 s timer makes it, waited for until the screen shows its counts. */
async function poll(client: { refetchQueries: (f: { queryKey: readonly unknown[] }) => Promise<void> }) {
  await act(() => client.refetchQueries({ queryKey: [...SUPPORT_KEY, 'queue'] }));
  const title = counts.unread > 0 ? `(${counts.unread}) 客服工作台` : '客服工作台';
  await waitFor(() => expect(document.title).toBe(title));
  const waitingTab = await tab('等待中');
  await waitFor(() => expect(within(waitingTab).getByText(String(counts.waiting))).toBeInTheDocument());
}

describe('客服工作台: the sound', () => {
  it('beeps on a new waiting conversation or member message only after the operator interacted', async () => {
    const { queryClient } = renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    await screen.findByTestId('conversation-11');
    counts = { waiting: 2, unread: 0 };
    await poll(queryClient);
    expect(started).not.toHaveBeenCalled();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('客服工作台'));
    counts = { waiting: 3, unread: 0 };
    await poll(queryClient);
    expect(started).toHaveBeenCalledTimes(1);

    counts = { waiting: 3, unread: 2 };
    await poll(queryClient);
    expect(started).toHaveBeenCalledTimes(2);
    expect(document.title).toBe('(2) 客服工作台');

    // A conversation taken (fewer waiting) or messages read: no beep.
    counts = { waiting: 2, unread: 0 };
    await poll(queryClient);
    expect(started).toHaveBeenCalledTimes(2);
  });

  it('stays silent with 声音提醒 off', async () => {
    const { queryClient } = renderScreen(<SupportScreen />, { operator: KEFU, path: '/support' });
    await screen.findByTestId('conversation-11');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('声音提醒'));
    expect(screen.getByLabelText('声音提醒')).not.toBeChecked();
    counts = { waiting: 4, unread: 3 };
    await poll(queryClient);
    expect(started).not.toHaveBeenCalled();
  });
});
