import {
  channelLabel,
  compareSeriesOrder,
  type createSeriesDatasourceInput,
  type createSeriesInput,
  datasourceFunctionErrors,
  defaultLanguage,
  findDatasourceFunction,
  isMeasurementType,
  isRoomMeasurement,
  measurementUnits,
  tenancyErrors,
  type updateSeriesDatasourceInput,
  type updateSeriesInput,
} from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { type Loaded, rowsByKey, settleEach } from '../../shared/batch-loader.ts';
import { AppError, invalidField } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { SpacesRepository } from '../spaces/spaces.repository.ts';
import type { RecomputeChange, RecomputeDatasource } from './recompute-datasource.ts';
import type { SeriesDatasourceRow, SeriesLatestRow, SeriesRepository, SeriesRow } from './series.repository.ts';

const denied = () => new AppError('FORBIDDEN', tenancyErrors.permissionDenied);

/** Series by data type importance (spec section 9), then by name. */
export function sortSeries<T extends Pick<SeriesRow, 'dataType' | 'name' | 'id'>>(rows: T[]): T[] {
  return [...rows].sort(compareSeriesOrder);
}

export class SeriesService {
  constructor(
    private readonly deps: {
      repository: SeriesRepository;
      spaces: SpacesRepository;
      events: EventBus;
      /** Latest decoded channels of a meter, for creating its series. */
      meterChannels: (meterId: number) => Promise<Record<string, { type: string; unit: string }>>;
      /** The time of the meter's latest reading when that reading is its organization's; null: none. */
      meterLatestOwnReading?: (meterId: number) => Promise<Date | null>;
      recompute?: RecomputeDatasource;
      /** Throws field errors unless the colour and limit are ones the project may pick, the limit of the series' type. */
      checkPaletteChoice: (
        projectId: number,
        choice: { colorId?: number | null; limitId?: number | null; dataType: string },
      ) => Promise<void>;
    },
  ) {}

  private get repository() {
    return this.deps.repository;
  }

  private changed(projectId: number): Promise<void> {
    return this.deps.events.publish('project.updated', { projectId });
  }

  async list(access: ViewerAccess, projectId: number): Promise<SeriesRow[]> {
    await access.assert('project.view', projectId);
    return sortSeries(await this.repository.listByProject(projectId));
  }

  /** The series of each project, in the order of `projectIds` (one statement); a project the viewer may not see fails alone. */
  async listOfProjects(access: ViewerAccess, projectIds: number[]): Promise<Array<Loaded<SeriesRow[]>>> {
    const rows = rowsByKey(projectIds, await this.repository.listByProjects(projectIds), (row) => row.projectId);
    return settleEach(projectIds, async (projectId, index) => {
      await access.assert('project.view', projectId);
      return sortSeries(rows[index] ?? []);
    });
  }

  /** The newest values of each project's series, in the order of `projectIds` (one statement). */
  async latestOfProjects(access: ViewerAccess, projectIds: number[]): Promise<Array<Loaded<SeriesLatestRow[]>>> {
    const rows = rowsByKey(projectIds, await this.repository.latestOfProjects(projectIds), (row) => row.projectId);
    return settleEach(projectIds, async (projectId, index) => {
      await access.assert('project.view', projectId);
      return rows[index] ?? [];
    });
  }

  async latest(access: ViewerAccess, projectId: number): Promise<SeriesLatestRow[]> {
    await access.assert('project.view', projectId);
    return this.repository.latestOfProject(projectId);
  }

  /** Those of the series that a datasource feeds now from an active meter (SeriesLatest.active). */
  activeSeriesIds(seriesIds: number[]): Promise<Set<number>> {
    return this.repository.activeSeriesIds(seriesIds);
  }

  async datasources(seriesIds: number[]): Promise<SeriesDatasourceRow[]> {
    return this.repository.listDatasources(seriesIds);
  }

  datasourcesOfMeter(meterId: number) {
    return this.repository.listDatasourcesOfMeter(meterId);
  }

  projectIdsOfMeter(meterId: number): Promise<number[]> {
    return this.repository.projectIdsOfMeter(meterId);
  }

  /** Meters that feed the project now (an open datasource). */
  async activeMeterIdsOfProject(access: ViewerAccess, projectId: number): Promise<number[]> {
    await access.assert('project.view', projectId);
    return this.repository.activeMeterIdsOfProject(projectId);
  }

  private async checkSpace(projectId: number, spaceId: number | null | undefined): Promise<void> {
    if (spaceId === null || spaceId === undefined) return;
    const space = await this.deps.spaces.findById(spaceId);
    if (space?.projectId !== projectId) {
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'spaceId', message: 'Invalid id' }]);
    }
  }

  async create(access: ViewerAccess, input: z.output<typeof createSeriesInput>): Promise<SeriesRow> {
    await access.assert('project.adminSeries', input.projectId);
    await this.checkSpace(input.projectId, input.spaceId);
    await this.deps.checkPaletteChoice(input.projectId, input);
    const dataType = input.dataType as keyof typeof measurementUnits;
    const created = await this.repository.insert({ ...input, dataUnit: input.dataUnit ?? measurementUnits[dataType] });
    await this.changed(created.projectId);
    return created;
  }

  private async editable(access: ViewerAccess, id: number): Promise<SeriesRow> {
    access.requireUser();
    const found = await this.repository.findById(id);
    if (!found) throw denied();
    await access.assert('project.adminSeries', found.projectId);
    return found;
  }

  async update(access: ViewerAccess, input: z.output<typeof updateSeriesInput>): Promise<SeriesRow> {
    const current = await this.editable(access, input.id);
    await this.checkSpace(current.projectId, input.spaceId);
    // A changed type must still fit the limit the series keeps.
    const limitId = input.limitId !== undefined ? input.limitId : input.dataType !== undefined ? current.limitId : null;
    await this.deps.checkPaletteChoice(current.projectId, {
      colorId: input.colorId,
      limitId,
      dataType: input.dataType ?? current.dataType,
    });
    const { id, ...changes } = input;
    const updated = await this.repository.update(id, changes);
    await this.changed(current.projectId);
    return updated;
  }

  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    const current = await this.editable(access, id);
    await this.repository.delete(id);
    await this.repository.bumpDataId(current.projectId);
    await this.changed(current.projectId);
    return true;
  }

  async createDatasource(
    access: ViewerAccess,
    input: z.output<typeof createSeriesDatasourceInput>,
  ): Promise<SeriesDatasourceRow> {
    const target = await this.editable(access, input.seriesId);
    await access.assertMeter('meter.view', input.meterId);
    const { functionId, extraChannels } = await this.checkedFunction(input.meterId, input.channel, input);
    const created = await this.changeDatasources(access, async (repository, recompute) => {
      const row = await repository.insertDatasource({ ...input, functionId, extraChannels });
      recompute(row, row.startAt);
      return row;
    });
    await this.changed(target.projectId);
    return created;
  }

  async updateDatasource(
    access: ViewerAccess,
    input: z.output<typeof updateSeriesDatasourceInput>,
  ): Promise<SeriesDatasourceRow> {
    const current = await this.editableDatasource(access, input.id);
    const { id, ...changes } = input;
    if (changes.functionId !== undefined || changes.extraChannels !== undefined) {
      Object.assign(
        changes,
        await this.checkedFunction(current.meterId, current.channel, {
          functionId: changes.functionId === undefined ? current.functionId : changes.functionId,
          extraChannels: changes.extraChannels ?? current.extraChannels,
        }),
      );
    }
    const updated = await this.changeDatasources(access, async (repository, recompute) => {
      const row = await repository.updateDatasource(id, changes);
      // Both the old and the new range change: recompute from the earlier start.
      const from = [current.startAt, row.startAt].some((time) => time === null)
        ? null
        : new Date(Math.min((current.startAt as Date).getTime(), (row.startAt as Date).getTime()));
      recompute(row, from);
      return row;
    });
    await this.changed(current.projectId);
    return updated;
  }

  /**
   * A datasource function fits the meter's channels: the datasource's own channel measures what it
   * needs, and a further channel of the right type is named for each of its extra types.
   */
  private async checkedFunction(
    meterId: number,
    channel: string,
    input: { functionId?: string | null; extraChannels?: string[] },
  ): Promise<{ functionId: string | null; extraChannels: string[] }> {
    if (!input.functionId) return { functionId: null, extraChannels: [] };
    const fn = findDatasourceFunction(input.functionId);
    if (!fn) throw invalidField('datasourceFunctionId', datasourceFunctionErrors.unknownFunction);
    const channels = await this.deps.meterChannels(meterId);
    if (channels[channel]?.type !== fn.requiredDataType) {
      throw invalidField('channel', datasourceFunctionErrors.wrongChannelType);
    }
    const extraChannels = input.extraChannels ?? [];
    if (extraChannels.length !== fn.extra.length) {
      throw invalidField('extraChannels', datasourceFunctionErrors.extraChannelMissing);
    }
    for (const [index, type] of fn.extra.entries()) {
      if (channels[extraChannels[index] as string]?.type !== type) {
        throw invalidField('extraChannels', datasourceFunctionErrors.wrongChannelType);
      }
    }
    return { functionId: fn.id, extraChannels };
  }

  async deleteDatasource(access: ViewerAccess, id: number): Promise<boolean> {
    const current = await this.editableDatasource(access, id);
    await this.changeDatasources(access, async (repository, recompute) => {
      await repository.deleteDatasource(id);
      recompute(current, current.startAt, [current.seriesId]);
    });
    await this.changed(current.projectId);
    return true;
  }

  /**
   * Moves datasources to another series from `at` on: each is ended at `at` and a copy feeding the
   * target series starts there. Without `at`, the whole datasource moves.
   */
  async moveDatasources(
    access: ViewerAccess,
    ids: number[],
    seriesId: number,
    at: Date | null,
  ): Promise<SeriesDatasourceRow[]> {
    const target = await this.editable(access, seriesId);
    const currents: Array<SeriesDatasourceRow & { projectId: number }> = [];
    for (const id of ids) currents.push(await this.editableDatasource(access, id));
    const moved = await this.changeDatasources(access, async (repository, recompute) => {
      const rows: SeriesDatasourceRow[] = [];
      for (const current of currents) {
        if (at === null) {
          rows.push(await repository.updateDatasource(current.id, { seriesId }));
        } else {
          await repository.updateDatasource(current.id, { endAt: at, endInclusive: false });
          rows.push(
            await repository.insertDatasource({
              seriesId,
              meterId: current.meterId,
              channel: current.channel,
              startAt: at,
              startInclusive: true,
              endAt: current.endAt,
              endInclusive: current.endInclusive,
              functionId: current.functionId,
              extraChannels: current.extraChannels,
            }),
          );
        }
        recompute(current, at ?? current.startAt, [current.seriesId, seriesId]);
      }
      return rows;
    });
    for (const projectId of new Set([...currents.map((current) => current.projectId), target.projectId])) {
      await this.changed(projectId);
    }
    return moved;
  }

  /**
   * Adds a meter to a project: a series in the space for each channel that measures the room (the
   * meter's battery and untyped values stay on its own page), fed from its latest reading on, so
   * that the reading already received shows at once (decision 0151).
   */
  async addMeterToProject(
    access: ViewerAccess,
    input: { projectId: number; meterId: number; spaceId: number | null },
  ): Promise<SeriesRow[]> {
    await access.assert('project.adminSeries', input.projectId);
    await access.assertMeter('meter.view', input.meterId);
    await this.checkSpace(input.projectId, input.spaceId);
    const channels = await this.deps.meterChannels(input.meterId);
    const measured = Object.entries(channels).filter(
      ([, channel]) => isMeasurementType(channel.type) && isRoomMeasurement(channel.type),
    );
    if (measured.length === 0) {
      throw new AppError('BAD_USER_INPUT', 'The meter has sent no readings with known channels yet');
    }
    const language = (await this.repository.projectLanguage(input.projectId)) ?? defaultLanguage;
    const siblings = measured.map(([name, { type }]) => ({ name, type }));
    const now = new Date();
    const latest = (await this.deps.meterLatestOwnReading?.(input.meterId)) ?? null;
    const startAt = latest && latest.getTime() < now.getTime() ? latest : now;
    const created = await this.changeDatasources(access, async (repository, recompute) => {
      const rows: SeriesRow[] = [];
      for (const [channel, { type, unit }] of measured) {
        const row = await repository.insert({
          projectId: input.projectId,
          spaceId: input.spaceId,
          // Named as the meter's page names the channel, in the project's language (decision 0167).
          name: channelLabel({ name: channel, type }, siblings, language),
          dataType: type,
          dataUnit: unit,
          dataName: channel,
        });
        const datasource = await repository.insertDatasource({
          seriesId: row.id,
          meterId: input.meterId,
          channel,
          startAt,
        });
        if (startAt !== now) recompute(datasource, startAt, undefined, { evenIfRecent: true });
        rows.push(row);
      }
      return rows;
    });
    await this.changed(input.projectId);
    return sortSeries(created);
  }

  private async editableDatasource(access: ViewerAccess, id: number) {
    access.requireUser();
    const found = await this.repository.findDatasource(id);
    if (!found) throw denied();
    await access.assert('project.adminSeries', found.projectId);
    return found;
  }

  /**
   * Runs a change of datasources and enqueues, in its transaction, the background recomputation of
   * the values each changed datasource gives from `from` on (when that lies more than a minute in
   * the past: newer readings are few, and the ingest routes the coming ones by the new datasources).
   */
  private async changeDatasources<T>(
    access: ViewerAccess,
    change: (
      repository: SeriesRepository,
      recompute: (
        datasource: SeriesDatasourceRow,
        from: Date | null,
        seriesIds?: number[],
        options?: { evenIfRecent?: boolean },
      ) => void,
    ) => Promise<T>,
  ): Promise<T> {
    const result = await this.repository.transactionWithSql(async (repository, tx) => {
      const changes: RecomputeChange[] = [];
      const value = await change(repository, (datasource, from, seriesIds, options) => {
        const startsInPast = from === null || from.getTime() < Date.now() - 60_000;
        if (!startsInPast && !options?.evenIfRecent) return;
        changes.push({ meterId: datasource.meterId, channel: datasource.channel, from, to: null, seriesIds });
      });
      if (changes.length > 0 && this.deps.recompute) {
        await this.deps.recompute.enqueue(tx, changes, { userId: access.user?.id ?? null });
      }
      return value;
    });
    this.deps.recompute?.queued();
    return result;
  }
}
