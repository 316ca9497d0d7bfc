import {
  dataViewBounds,
  dataViewErrors,
  type saveDataViewInput,
  type saveDateRangeInput,
  tenancyErrors,
} from '@olo/shared';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { DataViewRow, DataViewsRepository, SavedDateRangeRow } from './data-views.repository.ts';

/**
 * Saved date ranges and data view options belong to one user in one project: whoever may see the
 * project keeps their own, and nobody else reads or changes them.
 */
export class DataViewsService {
  constructor(private readonly repository: DataViewsRepository) {}

  async ranges(access: ViewerAccess, projectId: number): Promise<SavedDateRangeRow[]> {
    const user = access.requireUser();
    await access.assert('project.view', projectId);
    return this.repository.ranges(projectId, user.id);
  }

  async views(access: ViewerAccess, projectId: number): Promise<DataViewRow[]> {
    const user = access.requireUser();
    await access.assert('project.view', projectId);
    return this.repository.views(projectId, user.id);
  }

  async saveRange(access: ViewerAccess, input: z.output<typeof saveDateRangeInput>): Promise<SavedDateRangeRow> {
    const user = access.requireUser();
    await access.assert('project.view', input.projectId);
    const { id, projectId, ...fields } = input;
    if (id !== undefined) {
      await this.own(access, await this.repository.range(id), projectId);
      return this.repository.updateRange(id, fields);
    }
    const created = await this.repository.insertRange(
      { projectId, userId: user.id, ...fields },
      dataViewBounds.rangesPerProject,
    );
    if (!created) throw new AppError('BAD_USER_INPUT', dataViewErrors.tooManyRanges);
    return created;
  }

  async saveView(access: ViewerAccess, input: z.output<typeof saveDataViewInput>): Promise<DataViewRow> {
    const user = access.requireUser();
    await access.assert('project.view', input.projectId);
    const { id, projectId, ...fields } = input;
    if (id !== undefined) {
      await this.own(access, await this.repository.view(id), projectId);
      return this.repository.updateView(id, fields);
    }
    const created = await this.repository.insertView(
      { projectId, userId: user.id, ...fields },
      dataViewBounds.viewsPerProject,
    );
    if (!created) throw new AppError('BAD_USER_INPUT', dataViewErrors.tooManyViews);
    return created;
  }

  async deleteRange(access: ViewerAccess, id: number): Promise<boolean> {
    const range = await this.repository.range(id);
    await this.own(access, range, range?.projectId);
    await this.repository.deleteRange(id);
    return true;
  }

  async deleteView(access: ViewerAccess, id: number): Promise<boolean> {
    const view = await this.repository.view(id);
    await this.own(access, view, view?.projectId);
    await this.repository.deleteView(id);
    return true;
  }

  /** The row is the viewer's, of that project, which they still see; otherwise 'Permission denied'. */
  private async own(
    access: ViewerAccess,
    row: { userId: string; projectId: number } | undefined,
    projectId: number | undefined,
  ): Promise<void> {
    const user = access.requireUser();
    if (!row || row.userId !== user.id || row.projectId !== projectId) {
      throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    }
    await access.assert('project.view', row.projectId);
  }
}
