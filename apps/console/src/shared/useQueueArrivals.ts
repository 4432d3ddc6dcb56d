import type { ConsoleCallDef } from '@app/contract/console-define';
import { useMayCall } from './session';
import { useSoundSetting } from './sound';
import { useNewArrivals } from './useNewArrivals';

export interface QueueArrivals {
  /** Whether the operator's role reviews this queue (only they get the note and the beep). */
  reviews: boolean;
  /** The 声音提醒 switch (the dashboard's, remembered in this browser). */
  sound: boolean;
  setSound: (on: boolean) => void;
  /** The last refresh failed while rows are still shown. */
  failed: boolean;
}

/**
 * A money queue read again on its own: beeps when a new item arrives (its newest pending id grows),
 * for the roles that may `review` it and while the sound is on.
 */
export function useQueueArrivals(
  list: { data?: { newest_pending_id: number }; isError: boolean },
  review: Pick<ConsoleCallDef, 'roles'>,
): QueueArrivals {
  const [sound, setSound] = useSoundSetting();
  const reviews = useMayCall(review);
  useNewArrivals(list.data?.newest_pending_id, sound && reviews);
  return { reviews, sound, setSound, failed: list.isError && !!list.data };
}
