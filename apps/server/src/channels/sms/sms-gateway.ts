/** How long the SMS gateway has to answer, ms. */
export const smsTimeoutMs = 5_000;

/** Recorded on an SMS action whose message could not go: no gateway is configured (not retried). */
export const smsGatewayMissing = 'SMS_URL is not set';

export interface SmsGateway {
  /**
   * Resolves `sent` once the gateway accepted the message (a 2xx answer), or `notSent` without a
   * gateway, when the message was only handed to the log. Rejects when a retry may help. `text` is
   * built only if something reads it: in an alarm storm without a gateway, most SMS never are.
   */
  send(to: string, text: () => string): Promise<'sent' | 'notSent'>;
}

/**
 * The SMS gateway at `url` (SMS_URL): a POST of JSON `{"to": "+358…", "text": "…"}`, with
 * `Authorization: Bearer <token>` when SMS_TOKEN is set. Without a URL nothing is sent and each
 * message goes to `log`, so that an installation without SMS still shows it.
 */
export function createSmsGateway(options: {
  url: string | undefined;
  token: string | undefined;
  log: (to: string, text: () => string) => void;
  timeoutMs?: number;
}): SmsGateway {
  const timeoutMs = options.timeoutMs ?? smsTimeoutMs;
  return {
    async send(to, text) {
      if (!options.url) {
        options.log(to, text);
        return 'notSent';
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to, text: text() }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError') {
          throw new Error(`The SMS gateway did not answer within ${timeoutMs / 1000} s`);
        }
        throw new Error(`The SMS gateway could not be reached: ${(error as Error).message}`);
      }
      await response.body?.cancel();
      if (!response.ok) throw new Error(`The SMS gateway answered ${response.status}`);
      return 'sent';
    },
  };
}

/** A phone number as the gateway takes it: digits with a leading +, spaces, dashes and brackets dropped. */
export function normalizePhoneNumber(number: string): string {
  const digits = number.replace(/[\s()-]/g, '');
  return digits.startsWith('+') ? digits : digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
}
