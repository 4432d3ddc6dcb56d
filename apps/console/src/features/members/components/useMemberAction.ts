import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api';
import { MEMBER_KEY } from '../api';

/** A member action: the call, then every query of the member feature read again. */
export function useMemberAction<C extends CallDef>(call: C, onDone?: (data: DataOf<C>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApi(call, input),
    onSuccess: async (data) => {
      onDone?.(data);
      await queryClient.invalidateQueries({ queryKey: MEMBER_KEY });
    },
  });
}
