import { UsageError, type OpsCommand } from '../commands';

const obj = (data: unknown) => (data && typeof data === 'object' ? (data as Record<string, unknown>) : {});

/** Operator commands of content: site messages. */
export const CONTENT_COMMANDS: OpsCommand[] = [
  {
    name: 'message:send',
    args: '<username|all> <title> <content…>',
    summary: 'Send a site message (HTML content) to one member or to every member (all)',
    request(args) {
      const [to, title, ...rest] = args;
      const content = rest.join(' ').trim();
      if (!to?.trim() || !title?.trim() || !content)
        throw new UsageError('name the member (or all), the title and the content');
      return {
        method: 'POST',
        path: '/messages/send',
        body: { to: to.trim(), title: title.trim(), content },
      };
    },
    print: (data) =>
      `Site message ${String(obj(data).id)} sent to ${String(obj(data).to)}: ${String(obj(data).title)}`,
  },
];
