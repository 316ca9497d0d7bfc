import type { Logger } from 'pino';
import type { EventBus } from '../../events/event-bus.ts';
import type { WrittenBatch } from './reading-writer.ts';

/**
 * After a batch committed: each meter that reported, each project's moved latest values, and
 * projects with a new dataId, as events; computerId is the instance that wrote them.
 */
export async function publishWrittenBatch(
  events: EventBus,
  batch: WrittenBatch,
  logger: Logger,
  computerId: number | null = null,
): Promise<void> {
  const byProject = new Map<number, Array<{ seriesId: number; time: string; value: number }>>();
  for (const value of batch.latest) {
    const latest = { seriesId: value.seriesId, time: value.time.toISOString(), value: value.value };
    const values = byProject.get(value.projectId);
    if (values) values.push(latest);
    else byProject.set(value.projectId, [latest]);
  }
  try {
    await Promise.all([
      ...batch.meterIds.map((meterId) => events.publish('meter.updated', { meterId })),
      // Their new dataId reaches open views, which fetch their data again.
      ...batch.renewedProjectIds.map((projectId) => events.publish('project.updated', { projectId })),
      ...[...byProject].map(([projectId, values]) =>
        events.publish('series.latest', { projectId, values, computerId }),
      ),
    ]);
  } catch (error) {
    // Live views catch up on their next query; the data itself is committed.
    logger.warn({ err: error }, 'publishing live events failed');
  }
}
