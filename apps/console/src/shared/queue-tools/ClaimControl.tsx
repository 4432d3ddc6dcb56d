import type { consoleClaimDeposit } from '@app/contract/console-queue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag } from 'antd';
import { callApi, errorMessage } from '@/shared/api';
import { useOperator } from '@/shared/session';

/** A row's claim as the lists show it. */
export interface ClaimedRow {
  id: number;
  state: number;
  claimed_by?: string;
  claim_expires_at?: string | null;
}

/**
 * A pending row's 领取 / 释放: the 已领取: name tag while someone holds it (with its expiry), 领取 when
 * nobody does, 释放 for its holder (or 超级管理员). The queue is read again after either.
 */
export function ClaimControl(props: {
  row: ClaimedRow;
  queryKey: readonly unknown[];
  /** The claim and release calls of the queue (all four have the same request and reply). */
  claim: typeof consoleClaimDeposit;
  release: typeof consoleClaimDeposit;
}) {
  const { row } = props;
  const me = useOperator();
  const { message } = App.useApp();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (take: boolean) => callApi(take ? props.claim : props.release, { id: row.id }),
    onSuccess: (_data, take) => void message.success(take ? '已领取' : '已释放'),
    onError: (err) => void message.error(errorMessage(err)),
    onSettled: () => client.invalidateQueries({ queryKey: props.queryKey }),
  });
  if (row.state !== 1) return null;
  const holder = row.claimed_by ?? '';
  const mine = holder === me.name;
  const expires = row.claim_expires_at ? `，至 ${row.claim_expires_at.slice(11, 16)}` : '';
  return (
    <Space size={4} wrap>
      {holder && (
        <Tag color={mine ? 'blue' : 'orange'} title={`领取有效期${expires || '30分钟'}`}>
          已领取: {holder}
        </Tag>
      )}
      {!holder && (
        <Button size="small" loading={mutation.isPending} onClick={() => mutation.mutate(true)}>
          领取
        </Button>
      )}
      {holder && (mine || me.role === 'admin') && (
        <Button size="small" loading={mutation.isPending} onClick={() => mutation.mutate(false)}>
          释放
        </Button>
      )}
    </Space>
  );
}
