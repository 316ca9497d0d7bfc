import { type createLimitInput, limitErrors, limitScale, tenancyErrors, type updateLimitInput } from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError, invalidField, parseInput } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { assertManagesColorsAndLimits, nameChange, publishProjectsUpdated } from '../colors/colors.service.ts';
import type { LimitPlace, LimitRow, LimitsRepository, NewLimit } from './limits.repository.ts';

/** Places named in the in-use error; more are shown as "…". */
const placesShown = 5;

/**
 * `limitErrors.limitInUse`'s {places} (decision 0069): "Project / Series" of the series that chose the limit, by
 * project and series name, joined by ", ", at most five and then "…".
 */
export function limitPlacesText(places: LimitPlace[]): string {
  const named = places.slice(0, placesShown).map((place) => `${place.projectName} / ${place.seriesName}`);
  if (places.length > placesShown) named.push('…');
  return named.join(', ');
}

/** Limits (spec §3 Limit): banded scales of a measurement type, global or an organization's. */
export class LimitsService {
  constructor(
    private readonly repository: LimitsRepository,
    private readonly events: EventBus,
  ) {}

  /** The global limits and those of the organizations whose limits the viewer reads, by data type then order. */
  async visible(access: ViewerAccess): Promise<LimitRow[]> {
    access.requireUser();
    return this.repository.listGlobalAnd(await access.colorAndLimitOrganizationIds());
  }

  async ofOrganization(access: ViewerAccess, organizationId: string): Promise<LimitRow[]> {
    await access.assert('organization.viewColorsAndLimits', organizationId);
    return this.repository.listOwnedBy(organizationId);
  }

  global(access: ViewerAccess): Promise<LimitRow[]> {
    access.requireUser();
    return this.repository.listOwnedBy(null);
  }

  /** What the series of each organization's projects may pick: global limits and the organization chain's. */
  async forOrganizations(organizationIds: string[]): Promise<LimitRow[][]> {
    const groups = new Map<string, LimitRow[]>(organizationIds.map((id) => [id, []]));
    for (const { root, limit } of await this.repository.listForOrganizations(organizationIds)) {
      groups.get(root)?.push(limit);
    }
    return organizationIds.map((id) => groups.get(id) ?? []);
  }

  /**
   * The limit each series follows (its own, its organization chain's, the global default), null where none;
   * `ownIgnored`: the one it would follow without its own.
   */
  async effectiveOfSeries(seriesIds: number[], ownIgnored = false): Promise<Array<LimitRow | null>> {
    const bySeries = new Map(
      (await this.repository.effectiveOfSeries(seriesIds, ownIgnored)).map((row) => [row.seriesId, row.limit]),
    );
    return seriesIds.map((id) => bySeries.get(id) ?? null);
  }

  /**
   * Throws a field error on `limitId` unless the limit is global or of the project's organization chain and measures
   * the series' type.
   */
  async assertUsable(projectId: number, limitId: number | null | undefined, dataType: string): Promise<void> {
    if (limitId === null || limitId === undefined) return;
    const limit = await this.repository.usableInProject(projectId, limitId);
    if (!limit) throw invalidField('limitId', limitErrors.unknownLimit);
    if (limit.dataType !== dataType) throw invalidField('limitId', limitErrors.limitOfOtherType);
  }

  async create(access: ViewerAccess, input: z.output<typeof createLimitInput>): Promise<LimitRow> {
    const organizationId = input.organizationId ?? null;
    await assertManagesColorsAndLimits(access, organizationId);
    const limit = await this.repository.insert({ ...input, organizationId });
    // A new default of its organization (or a global one) may take over series.
    await publishProjectsUpdated(this.events, await this.repository.projectsFollowing(limit.id));
    return limit;
  }

  /** The merged limit must still be a whole scale; a limit that series chose keeps its measurement type. */
  async update(access: ViewerAccess, input: z.output<typeof updateLimitInput>): Promise<LimitRow> {
    const current = await this.editable(access, input.id);
    const { id, ...changes } = input;
    parseInput(limitScale, { ...scaleOf(current), ...changes });
    if (changes.dataType !== undefined && changes.dataType !== current.dataType) {
      await this.refuseInUse(id);
    }
    const before = await this.repository.projectsFollowing(id);
    const limit = await this.repository.update(id, {
      ...changes,
      ...nameChange(current, changes.name),
    } as Partial<NewLimit>);
    await publishProjectsUpdated(this.events, [...before, ...(await this.repository.projectsFollowing(id))]);
    return limit;
  }

  /** Refused while a series has it as its own limit; series that follow it by default move to the next one. */
  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    await this.editable(access, id);
    // Series that follow it by default move to the next one: their pages redraw.
    const following = await this.repository.projectsFollowing(id);
    if (!(await this.repository.deleteUnused(id))) {
      await this.refuseInUse(id);
      // The series that chose it let go meanwhile.
      if (!(await this.repository.deleteUnused(id))) return false;
    }
    await publishProjectsUpdated(this.events, following);
    return true;
  }

  private async refuseInUse(id: number): Promise<void> {
    const places = await this.repository.placesOf(id, placesShown + 1);
    if (places.length === 0) return;
    throw new AppError('CONFLICT', limitErrors.limitInUse, undefined, { places: limitPlacesText(places) });
  }

  /** Unknown ids are denied like another tenant's, so that ids reveal nothing. */
  private async editable(access: ViewerAccess, id: number): Promise<LimitRow> {
    access.requireUser();
    const limit = await this.repository.findById(id);
    if (!limit) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await assertManagesColorsAndLimits(access, limit.organizationId);
    return limit;
  }
}

/** A stored limit's scale. */
function scaleOf(limit: LimitRow) {
  return {
    min: limit.min,
    max: limit.max,
    limits: limit.limits,
    colors: limit.colors,
    maxcolor: limit.maxcolor,
    normalMin: limit.normalMin,
    normalMax: limit.normalMax,
    split: limit.split,
    opacity: limit.opacity,
  };
}
