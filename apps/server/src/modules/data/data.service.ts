import crypto from 'node:crypto';
import { formatDataPeriod, periodEnded, periodSettleMs, periodSlots } from '@olo/shared';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { DataRepository } from './data.repository.ts';
import type { DataRequest, ProjectDataBody } from './data.schema.ts';

export interface ProjectDataAnswer {
  /** ProjectDataBody as JSON text. */
  body: string;
  etag: string;
  /** Settled periods never change under their dataId; `shared`: the same for every viewer. */
  caching: { immutable: boolean; shared: boolean };
}

export class StaleDataIdError extends AppError {
  constructor(readonly currentDataId: string) {
    super('CONFLICT', 'Stale data id');
  }
}

export class DataService {
  constructor(private readonly deps: { repository: DataRepository; now?: () => number }) {}

  /**
   * A project's series aggregated into the slots of a month or a day of its time zone. Members
   * (and whoever sees the project) get every series; anybody else, while the project has a public
   * link, the series of the spaces the public view shows.
   */
  async projectData(viewer: ViewerAccess, request: DataRequest): Promise<ProjectDataAnswer> {
    const project = await this.deps.repository.project(request.projectId);
    if (!project) throw new AppError('NOT_FOUND', 'Not found');
    const member = await viewer.can('project.view', project.id);
    const publicView = viewer.policy.publicProject(project);
    if (!member && !publicView.open) await viewer.assert('project.view', project.id);
    if (request.dataId !== project.dataId) throw new StaleDataIdError(project.dataId);

    const lists = await this.deps.repository.lists(project.id);
    const spaces = member ? lists.spaces : lists.spaces.filter((space) => publicView.data(space));
    const shownSpaceIds = new Set(spaces.map((space) => space.id));
    const series = member
      ? lists.series
      : lists.series.filter((item) => item.spaceId !== null && shownSpaceIds.has(item.spaceId));

    const slots = periodSlots(request.period, project.timeZone, request.slotSeconds);
    const boundaries = [...slots.starts, slots.to];
    const source = request.slotSeconds % 3600 === 0 && slots.hourAligned ? 'rollup' : 'raw';
    const data = await this.deps.repository.aggregateJson(
      series.map((item) => item.id),
      boundaries,
      source,
    );
    const head: Omit<ProjectDataBody, 'data'> = {
      projectId: project.id,
      period: formatDataPeriod(request.period),
      dataId: project.dataId,
      slotSeconds: request.slotSeconds,
      timeZone: project.timeZone,
      from: slots.from,
      to: slots.to,
      slots: slots.starts,
      spaces,
      series,
    };
    // The database wrote `data` as JSON already; it is joined in as text.
    const body = `${JSON.stringify(head).slice(0, -1)},"data":${data}}`;
    const now = this.deps.now?.() ?? Date.now();
    const settled = periodEnded(request.period, project.timeZone, now - periodSettleMs);
    return {
      body,
      etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
      caching: { immutable: settled, shared: !member },
    };
  }
}
