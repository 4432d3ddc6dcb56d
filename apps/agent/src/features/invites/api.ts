import { agentInviteCreate, agentInviteRevoke } from '@app/contract/agent-office';
import type { RequestOf } from '@app/contract/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/shared/api/client';
import { officeQueries } from '@/shared/queries/office';

export type InviteInput = RequestOf<typeof agentInviteCreate>;

export function useCreateInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => call(agentInviteCreate, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: officeQueries.invites().queryKey }),
  });
}

export function useRevokeInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(agentInviteRevoke, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: officeQueries.invites().queryKey }),
  });
}
