import { type AlarmActionType, alarmRecipientInput } from '@olo/shared';

/** A recipient the alarm editor adds (an action of the alarm): how and whom it notifies. */
export interface RecipientValues {
  type: AlarmActionType;
  /** The target of the type: an address, a phone number, a webhook address or a member's id. */
  target: string;
  triggerAtEnd: boolean;
}

/** A new recipient row: the signed-in user when they may receive the alarms, else an address to type. */
export function newRecipient(currentUserId: string | null, memberIds: readonly string[]): RecipientValues {
  const mayNotifyMe = currentUserId !== null && memberIds.includes(currentUserId);
  return mayNotifyMe
    ? { type: 'user', target: currentUserId, triggerAtEnd: false }
    : { type: 'email', target: '', triggerAtEnd: false };
}

/** The action fields the API takes: only the target of the chosen type. */
export function recipientInput(recipient: RecipientValues) {
  const target = recipient.target.trim() || null;
  return {
    type: recipient.type,
    triggerAtEnd: recipient.triggerAtEnd,
    email: recipient.type === 'email' ? target : null,
    sms: recipient.type === 'sms' ? target : null,
    webhook: recipient.type === 'webhook' ? target : null,
    userId: recipient.type === 'user' ? target : null,
  };
}

/** Problems of the new recipients on their target fields (recipients.N.target), as i18n keys. */
export function recipientIssues(recipients: readonly RecipientValues[]): Array<{ message: string; path: string[] }> {
  return recipients.flatMap((recipient, index) => {
    const issue = alarmRecipientInput.safeParse(recipientInput(recipient)).error?.issues[0];
    return issue ? [{ message: issue.message, path: ['recipients', String(index), 'target'] }] : [];
  });
}
