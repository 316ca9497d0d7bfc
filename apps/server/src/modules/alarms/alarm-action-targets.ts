import { randomBytes } from 'node:crypto';
import { AppError } from '../../shared/errors.ts';

/** A recipient's refusal, on its place in createAlarm's `actions` (actions.2.webhook). */
export async function atActionIndex(index: number, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof AppError && error.code === 'BAD_USER_INPUT' && error.issues) {
      throw new AppError(
        'BAD_USER_INPUT',
        error.message,
        error.issues.map((issue) => ({ ...issue, path: `actions.${index}.${issue.path}` })),
      );
    }
    throw error;
  }
}

/** Only the target of the action's type is kept; the others are cleared. */
export function targetOf(action: {
  type: string;
  email: string | null;
  sms: string | null;
  webhook: string | null;
  userId: string | null;
}) {
  return {
    email: action.type === 'email' ? action.email : null,
    sms: action.type === 'sms' ? action.sms : null,
    webhook: action.type === 'webhook' ? action.webhook : null,
    userId: action.type === 'user' ? action.userId : null,
  };
}

/** 256 bits, URL-safe: the HMAC-SHA256 key a receiver checks X-Olo-Signature with. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}
