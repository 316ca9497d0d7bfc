import { type createColorInput, isShippedName, limitErrors, tenancyErrors, type updateColorInput } from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError, invalidField } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { ColorRow, ColorsRepository, NewColor } from './colors.repository.ts';

/** Global colours and limits are the site admins'; an organization's are its admins' (and those of organizations above). */
export async function assertManagesColorsAndLimits(access: ViewerAccess, organizationId: string | null): Promise<void> {
  if (organizationId === null) access.assertSiteAdmin();
  else await access.assert('organization.manageColorsAndLimits', organizationId);
}

/**
 * What renaming a colour or limit stores (decision 0166): a shipped name sent back in any language changes nothing, so
 * the row stays named in every language; any other name is kept as typed and the shipped key dropped.
 */
export function nameChange(
  current: { nameKey: string | null },
  name: string | undefined,
): { name?: string; nameKey?: null } {
  if (name === undefined) return {};
  if (isShippedName(current.nameKey, name)) return { name: undefined };
  return { name, nameKey: null };
}

/**
 * Open pages of these projects (live gauges, graphs) redraw with a changed colour or limit: `projectUpdated` carries
 * the series' colours and limits.
 */
export async function publishProjectsUpdated(events: EventBus, projectIds: readonly number[]): Promise<void> {
  for (const projectId of new Set(projectIds)) await events.publish('project.updated', { projectId });
}

/** Colours (spec §3 Color): global or an organization's; spaces and series pick one of their project's. */
export class ColorsService {
  constructor(
    private readonly repository: ColorsRepository,
    private readonly events: EventBus,
  ) {}

  /** The global colours and those of the organizations whose colours the viewer reads, by order. */
  async visible(access: ViewerAccess): Promise<ColorRow[]> {
    access.requireUser();
    return this.repository.listGlobalAnd(await access.colorAndLimitOrganizationIds());
  }

  async ofOrganization(access: ViewerAccess, organizationId: string): Promise<ColorRow[]> {
    await access.assert('organization.viewColorsAndLimits', organizationId);
    return this.repository.listOwnedBy(organizationId);
  }

  /**
   * What the projects of each organization may pick: the global colours and those of the organization and the ones
   * above it. For fields of a project the caller has already let the viewer see.
   */
  async forOrganizations(organizationIds: string[]): Promise<ColorRow[][]> {
    const groups = new Map<string, ColorRow[]>(organizationIds.map((id) => [id, []]));
    for (const { root, color } of await this.repository.listForOrganizations(organizationIds)) {
      groups.get(root)?.push(color);
    }
    return organizationIds.map((id) => groups.get(id) ?? []);
  }

  /** Colours by id (null where none), for the colour a space or series of a viewed project picked. */
  async byIds(ids: number[]): Promise<Array<ColorRow | null>> {
    const rows = new Map((await this.repository.byIds(ids)).map((row) => [row.id, row]));
    return ids.map((id) => rows.get(id) ?? null);
  }

  /** Throws a field error on `colorId` unless the colour is global or of the project's organization chain. */
  async assertUsable(projectId: number, colorId: number | null | undefined): Promise<void> {
    if (colorId === null || colorId === undefined) return;
    if (!(await this.repository.usableInProject(projectId, colorId))) {
      throw invalidField('colorId', limitErrors.unknownColor);
    }
  }

  async create(access: ViewerAccess, input: z.output<typeof createColorInput>): Promise<ColorRow> {
    const organizationId = input.organizationId ?? null;
    await assertManagesColorsAndLimits(access, organizationId);
    return this.repository.insert({ ...input, organizationId } as NewColor);
  }

  async update(access: ViewerAccess, input: z.output<typeof updateColorInput>): Promise<ColorRow> {
    const current = await this.editable(access, input.id);
    const { id, ...changes } = input;
    const color = await this.repository.update(id, {
      ...changes,
      ...nameChange(current, changes.name),
    } as Partial<NewColor>);
    await publishProjectsUpdated(this.events, await this.repository.projectsUsing(id));
    return color;
  }

  /** Spaces and series that had it fall back to their palette colour. */
  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    await this.editable(access, id);
    const projectIds = await this.repository.projectsUsing(id);
    await this.repository.delete(id);
    await publishProjectsUpdated(this.events, projectIds);
    return true;
  }

  /** Unknown ids are denied like another tenant's, so that ids reveal nothing. */
  private async editable(access: ViewerAccess, id: number): Promise<ColorRow> {
    access.requireUser();
    const color = await this.repository.findById(id);
    if (!color) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await assertManagesColorsAndLimits(access, color.organizationId);
    return color;
  }
}
