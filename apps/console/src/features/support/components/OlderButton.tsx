import { consoleSupportConversation } from '@app/contract/console-support';
import type { DataOf } from '@app/contract/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { callApi, errorMessage } from '@/shared/api';
import { supportConversationQuery } from '../api';
import { mergeMessages } from './merge';

type Conversation = DataOf<typeof consoleSupportConversation>;

/**
 * 加载更早消息: the page before the oldest message held (the call's `before_id`), put in front of
 * them in the conversation's query, where later reads and pushed messages merge around it.
 */
export function OlderButton({ data }: { data: Conversation }) {
  const queryClient = useQueryClient();
  const id = data.conversation.id;
  const oldest = data.messages[0]?.id;
  const older = useMutation({
    mutationFn: (before_id: number) => callApi(consoleSupportConversation, { id, before_id }),
    onSuccess: (page) =>
      queryClient.setQueryData(supportConversationQuery(id).queryKey, (held) =>
        held ? { ...held, messages: mergeMessages(page.messages, held.messages), more: page.more } : held,
      ),
  });
  if (!data.more || oldest === undefined) return null;
  return (
    <div className="support-older">
      <Button size="small" type="link" loading={older.isPending} onClick={() => older.mutate(oldest)}>
        加载更早消息
      </Button>
      {older.isError && <Typography.Text type="danger">{errorMessage(older.error)}</Typography.Text>}
    </div>
  );
}
