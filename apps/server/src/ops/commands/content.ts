import { opsSendMessage } from '@app/contract/ops-site';
import { opsCommand, UsageError, type OpsCommand } from './format';

/** Operator commands of content: site messages. */
export const CONTENT_COMMANDS: OpsCommand[] = [
  opsCommand(opsSendMessage, {
    name: 'message:send',
    args: '<username|all> <title> <content…>',
    summary: 'Send a site message (HTML content) to one member or to every member (all)',
    request(args) {
      const [to, title, ...rest] = args;
      const content = rest.join(' ').trim();
      if (!to?.trim() || !title?.trim() || !content)
        throw new UsageError('name the member (or all), the title and the content');
      return { to: to.trim(), title: title.trim(), content };
    },
    print: (data) => `Site message ${data.id} sent to ${data.to}: ${data.title}`,
  }),
];
