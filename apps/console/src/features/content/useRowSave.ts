import type { CallDef, RequestOf } from '@app/contract/define';
import { App } from 'antd';
import { useContentWrite } from './api';

/**
 * Saving a row of a modal: `create` when `row` is null, else `update` of that row; on success the
 * message (`added` or `saved`) and `onClose`.
 */
export function useRowSave<C extends CallDef, U extends CallDef>(
  calls: { create: C; update: U },
  row: { id: number } | null,
  says: { added: string; saved: string },
  onClose: () => void,
) {
  const { message } = App.useApp();
  const done = () => {
    message.success(row ? says.saved : says.added);
    onClose();
  };
  const create = useContentWrite(calls.create, done);
  const update = useContentWrite(calls.update, done);
  const save = (fields: RequestOf<C> & object) => {
    if (row) update.mutate({ id: row.id, ...fields } as RequestOf<U>);
    else create.mutate(fields);
  };
  return { busy: create.isPending || update.isPending, save };
}
