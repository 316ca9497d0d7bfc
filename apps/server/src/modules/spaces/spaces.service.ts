import { type createSpaceInput, tenancyErrors, type updateSpaceInput } from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { type Loaded, rowsByKey, settleEach } from '../../shared/batch-loader.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { NewSpace, SpaceRow, SpacesRepository } from './spaces.repository.ts';

/** What a space refers to beyond itself; undefined: left as it is. */
export interface SpaceChoices {
  colorId?: number | null;
  weatherId?: number | null;
  weatherDatatype?: string | null;
  weatherLimit?: number | null;
}

export class SpacesService {
  constructor(
    private readonly repository: SpacesRepository,
    private readonly events: EventBus,
    /**
     * Throws a field error unless the colour, the weather source and its limit are ones the project may pick (the
     * colors, weather and limits modules).
     */
    private readonly checkChoices: (projectId: number, choices: SpaceChoices) => Promise<void>,
  ) {}

  /** Each project's spaces, to its viewers only: one query for a list of projects. */
  async listOfProjects(access: ViewerAccess, projectIds: number[]): Promise<Array<Loaded<SpaceRow[]>>> {
    const spaces = rowsByKey(projectIds, await this.repository.listByProjects(projectIds), (space) => space.projectId);
    return settleEach(projectIds, async (projectId, index) => {
      await access.assert('project.view', projectId);
      return spaces[index] ?? [];
    });
  }

  async create(access: ViewerAccess, input: z.output<typeof createSpaceInput>): Promise<SpaceRow> {
    await access.assert('project.update', input.projectId);
    await this.checkChoices(input.projectId, input);
    const space = await this.repository.insert(input as NewSpace);
    await this.events.publish('project.updated', { projectId: space.projectId });
    return space;
  }

  async update(access: ViewerAccess, input: z.output<typeof updateSpaceInput>): Promise<SpaceRow> {
    const current = await this.editable(access, input.id);
    await this.checkChoices(current.projectId, { ...current, ...input });
    const { id, ...changes } = input;
    const space = await this.repository.update(id, changes as Partial<NewSpace>);
    await this.events.publish('project.updated', { projectId: current.projectId });
    return space;
  }

  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    const current = await this.editable(access, id);
    await this.repository.delete(id);
    await this.events.publish('project.updated', { projectId: current.projectId });
    return true;
  }

  private async editable(access: ViewerAccess, id: number): Promise<SpaceRow> {
    access.requireUser();
    const space = await this.repository.findById(id);
    if (!space) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await access.assert('project.update', space.projectId);
    return space;
  }
}
