import { type createProjectPageInput, tenancyErrors, type updateProjectPageInput } from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { PublicProjectFacts, ViewerAccess } from '../access/access.policy.ts';
import type { NewProjectPage, ProjectPageRow, ProjectPagesRepository } from './project-pages.repository.ts';

export class ProjectPagesService {
  constructor(
    private readonly repository: ProjectPagesRepository,
    private readonly events: EventBus,
  ) {}

  /** Pages a member sees: every page for project admins, the shown ones for everybody else. */
  async list(access: ViewerAccess, projectId: number): Promise<ProjectPageRow[]> {
    await access.assert('project.view', projectId);
    const pages = await this.repository.listByProject(projectId);
    if (await access.can('project.update', projectId)) return pages;
    return pages.filter((page) => page.show);
  }

  /** Pages a public link shows (the access policy decides which). */
  async listPublic(access: ViewerAccess, project: PublicProjectFacts & { id: number }): Promise<ProjectPageRow[]> {
    const view = access.policy.publicProject(project);
    if (!view.open) return [];
    return (await this.repository.listByProject(project.id)).filter((page) => view.page(page));
  }

  async create(access: ViewerAccess, input: z.output<typeof createProjectPageInput>): Promise<ProjectPageRow> {
    await access.assert('project.update', input.projectId);
    const page = await this.repository.insert(input as NewProjectPage);
    await this.events.publish('project.updated', { projectId: page.projectId });
    return page;
  }

  async update(access: ViewerAccess, input: z.output<typeof updateProjectPageInput>): Promise<ProjectPageRow> {
    const current = await this.editable(access, input.id);
    const { id, ...changes } = input;
    const page = await this.repository.update(id, changes as Partial<NewProjectPage>);
    await this.events.publish('project.updated', { projectId: current.projectId });
    return page;
  }

  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    const current = await this.editable(access, id);
    await this.repository.delete(id);
    await this.events.publish('project.updated', { projectId: current.projectId });
    return true;
  }

  private async editable(access: ViewerAccess, id: number): Promise<ProjectPageRow> {
    access.requireUser();
    const page = await this.repository.findById(id);
    if (!page) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await access.assert('project.update', page.projectId);
    return page;
  }
}
