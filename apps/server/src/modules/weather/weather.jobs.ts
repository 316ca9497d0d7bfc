import { weatherProviders } from '@olo/shared';
import { z } from 'zod';
import { defineJob, type JobQueue, type JobSchedule } from '../jobs/jobs.service.ts';
import type { WeatherRepository } from './weather.repository.ts';
import type { WeatherJobs, WeatherService } from './weather.service.ts';
import type { WeatherProviderClient } from './weather-provider.ts';

/** How often the poll looks for sources due a fetch, ms: FMI's observation interval. */
export const weatherPollMs = 10 * 60_000;

const sourcePayload = z.object({ weatherId: z.number().int().positive() });
const backfillPayload = z.object({ projectId: z.number().int().positive(), weatherId: z.number().int().positive() });

/**
 * The weather's jobs: a poll every ten minutes that queues a fetch of each source due one (FMI every 10 min, Open-Meteo
 * hourly, later after failures), the fetches (one per source, so a slow provider holds up no other), and the pages of
 * backfills, each page a job that queues the next.
 */
export function weatherJobs(deps: {
  queue: JobQueue;
  repository: WeatherRepository;
  providers: Record<string, WeatherProviderClient>;
  service: () => WeatherService;
}) {
  const { queue, repository, providers } = deps;

  const fetch = defineJob({
    name: 'weather.fetch',
    payload: sourcePayload,
    // A failed fetch is recorded on its source and retried by the poll's backoff, not here.
    maxAttempts: 1,
    handle: async ({ weatherId }) => {
      const [weather] = await repository.findByIds([weatherId]);
      if (weather) await deps.service().fetchRecent(weather);
    },
  });

  const backfill = defineJob({
    name: 'weather.backfill',
    payload: backfillPayload,
    maxAttempts: 12,
    // 1 min doubling to about a day and a half: a provider away for a while.
    retryDelayMs: (attempt) => Math.min(36 * 3_600_000, 60_000 * 2 ** (attempt - 1)),
    handle: async ({ projectId, weatherId }, job) => {
      const more = await deps.service().backfillPage(projectId, weatherId);
      if (more) await enqueueBackfill(projectId, weatherId, `${job.id}`);
    },
  });

  async function enqueueBackfill(
    projectId: number,
    weatherId: number,
    after = `start@${new Date().toISOString()}`,
  ): Promise<void> {
    await queue.enqueue(backfill, [
      { payload: { projectId, weatherId }, key: `weather.backfill:${projectId}:${weatherId}:${after}` },
    ]);
  }

  const poll = defineJob({
    name: 'weather.poll',
    payload: z.object({}),
    maxAttempts: 3,
    handle: async (_payload, job) => {
      const now = new Date();
      for (const provider of weatherProviders) {
        const client = providers[provider];
        if (!client) continue;
        // A minute's margin: a fetch that took some seconds is due again at the poll one interval later.
        const due = await repository.dueForFetch(provider, client.intervalMs - 60_000, now);
        if (due.length === 0) continue;
        await queue.enqueue(
          fetch,
          due.map((weather) => ({
            payload: { weatherId: weather.id },
            key: `weather.fetch:${weather.id}@${job.runAt.toISOString()}`,
          })),
        );
      }
    },
  });

  const pollSchedule: JobSchedule = {
    job: poll,
    next: (after) => new Date(Math.floor(after.getTime() / weatherPollMs) * weatherPollMs + weatherPollMs),
    payload: () => ({}),
  };

  const jobs: WeatherJobs = { enqueueBackfill: (projectId, weatherId) => enqueueBackfill(projectId, weatherId) };
  return { fetch, backfill, poll, pollSchedule, jobs };
}
