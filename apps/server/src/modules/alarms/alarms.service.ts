import type { ViewerAccess } from '../access/access.policy.ts';
import type { AlarmsRepository } from './alarms.repository.ts';

/** Alarms of projects: what viewers see of them (issue 6, in progress). */
export class AlarmsService {
  constructor(private readonly repository: AlarmsRepository) {}

  /**
   * A project's unacknowledged triggered alarms, for viewers who may see its alarms (0 for
   * others). The counts of all projects are read once per request, so a list of projects costs one
   * query.
   */
  async unacknowledgedCount(access: ViewerAccess, projectId: number): Promise<number> {
    if (!(await access.can('project.viewAlarms', projectId))) return 0;
    const counts = await access.memo('alarms.unacknowledgedCounts', () => this.repository.unacknowledgedCounts());
    return counts.get(projectId) ?? 0;
  }
}
