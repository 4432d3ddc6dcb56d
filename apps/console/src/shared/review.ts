import { reviewSubmittedMessage, type ApprovalKind } from '@app/contract/console-approvals';
import { App } from 'antd';

/**
 * What the maker reads when a change went to 待复核 instead of taking effect: the server's message
 * (已提交复核（…），另一位…通过后生效), or the contract's words for that kind when the server gave none.
 */
export function submittedMessage(message: string, kind: ApprovalKind): string {
  return message.startsWith('已提交复核') ? message : reviewSubmittedMessage(kind);
}

/**
 * Says that a change went to 待复核 (the server's message, and `note`: what stays as it is until then),
 * long enough to be read.
 */
export function useSubmittedNotice() {
  const { message } = App.useApp();
  return (serverMessage: string, kind: ApprovalKind, note?: string) => {
    const text = submittedMessage(serverMessage, kind);
    void message.info({ content: note ? `${text}；${note}` : text, duration: 8 });
  };
}
