import type { Logger } from 'pino';
import type { EventBus } from '../../events/event-bus.ts';
import type { WrittenBatch } from './reading-writer.ts';

/**
 * After a batch committed: each meter that reported, each project's moved latest values, and
 * projects with a new dataId or an alarm episode opened or ended, as events; computerId is the instance that wrote them.
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
  // A new dataId, or an alarm episode opened or ended (alarmsTriggeredCount, the alarms page).
  const updatedProjectIds = new Set(batch.renewedProjectIds);
  for (const outcome of batch.alarms) if (outcome.event.kind !== 'repeated') updatedProjectIds.add(outcome.projectId);
  try {
    await Promise.all([
      ...batch.meterIds.map((meterId) => events.publish('meter.updated', { meterId })),
      // Open views fetch their data again on a new dataId and show the new count.
      ...[...updatedProjectIds].map((projectId) => events.publish('project.updated', { projectId })),
      ...[...byProject].map(([projectId, values]) =>
        events.publish('series.latest', { projectId, values, computerId }),
      ),
    ]);
  } catch (error) {
    // Live views catch up on their next query; the data itself is committed.
    logger.warn({ err: error }, 'publishing live events failed');
  }
}
