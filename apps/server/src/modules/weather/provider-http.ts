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

/** ISO 8601 without milliseconds, as FMI's stored queries take times (`2024-05-14T06:00:00Z`). */
export function isoSeconds(time: Date): string {
  return time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
