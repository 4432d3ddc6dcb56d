/* The 开始时间 / 结束时间 of banners, notices and activities in a form: DatePicker values (Dayjs) to
 * and from the wire's 'YYYY-MM-DD HH:mm' (Beijing), and the order rule the server applies. */
import { MSG_WINDOW_ORDER, windowProblem } from '@app/contract/time-window';
import dayjs, { type Dayjs } from 'dayjs';

export const WINDOW_FORMAT = 'YYYY-MM-DD HH:mm';

export interface WindowValues {
  starts_at?: Dayjs | null;
  ends_at?: Dayjs | null;
}

const text = (d: Dayjs | null | undefined) => (d ? d.format(WINDOW_FORMAT) : null);

/** The form's values as the call sends them (null: no bound). */
export function windowPayload(v: WindowValues): { starts_at: string | null; ends_at: string | null } {
  return { starts_at: text(v.starts_at), ends_at: text(v.ends_at) };
}

/** A row's window as the form's initial values. */
export function windowInitial(
  row: { starts_at: string | null; ends_at: string | null } | null,
): WindowValues {
  const at = (t: string | null | undefined) => (t ? dayjs(t.replace(' ', 'T')) : null);
  return { starts_at: at(row?.starts_at), ends_at: at(row?.ends_at) };
}

/** The refusal of the form's window (MSG_WINDOW_ORDER), else null. */
export const windowFormProblem = (v: WindowValues) => windowProblem(windowPayload(v));

export { MSG_WINDOW_ORDER };
