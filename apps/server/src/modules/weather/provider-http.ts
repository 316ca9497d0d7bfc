import { WeatherFetchError } from './weather-provider.ts';

/** How long a weather provider has to answer, ms, unless a client is given another. */
export const weatherProviderTimeoutMs = 20_000;

export interface ProviderAnswer {
  status: number;
  body: string;
}

/**
 * GETs `url` and reads the whole body. Only what keeps an answer from arriving throws (a time-out, a refused or
 * dropped connection), as WeatherFetchError naming `provider`; what the status means is the caller's.
 */
export async function getProviderAnswer(
  url: URL,
  options: { provider: string; timeoutMs: number; fetch: typeof fetch },
): Promise<ProviderAnswer> {
  const { provider, timeoutMs } = options;
  try {
    const response = await options.fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new WeatherFetchError(`${provider} did not answer within ${timeoutMs / 1000} s`, { cause: error });
    }
    const cause = (error as Error & { cause?: { message?: string; code?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new WeatherFetchError(`${provider} could not be reached: ${detail}`, { cause: error });
  }
}

/** What a provider client's factory takes besides its addresses: the time-out, and for tests a fetch and a clock. */
export interface ProviderClientOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock the client takes "now" from (recent windows, no future hours). */
  now?: () => Date;
}

/** A client's request settings and clock, its options' defaults filled in. */
export function providerClientSettings(provider: string, options: ProviderClientOptions) {
  return {
    request: {
      provider,
      timeoutMs: options.timeoutMs ?? weatherProviderTimeoutMs,
      fetch: options.fetch ?? globalThis.fetch,
    },
    now: options.now ?? (() => new Date()),
  };
}

/** ISO 8601 without milliseconds, as FMI's stored queries take times (`2024-05-14T06:00:00Z`). */
export function isoSeconds(time: Date): string {
  return time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
