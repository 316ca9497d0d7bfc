import { accountErrors } from '@olo/shared';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { SystemErrorRow, SystemErrorsRepository } from './system-errors.repository.ts';

/** System errors as viewers see and acknowledge them: a meter's for its viewers, the rest for site admins. */
export class SystemErrorsService {
  constructor(private readonly deps: { repository: SystemErrorsRepository; events: EventBus }) {}

  async ofMeter(access: ViewerAccess, meterId: number): Promise<SystemErrorRow[]> {
    await access.assertMeter('meter.view', meterId);
    return this.deps.repository.open(meterId);
  }

  /** Unacknowledged errors that belong to no meter (site admins). */
  async ofNoMeter(access: ViewerAccess): Promise<SystemErrorRow[]> {
    access.assertSiteAdmin();
    return this.deps.repository.open(null);
  }

  async acknowledge(access: ViewerAccess, id: number): Promise<SystemErrorRow> {
    access.requireUser();
    const error = await this.deps.repository.findById(id);
    if (!error) throw new AppError('NOT_FOUND', accountErrors.notFound);
    if (error.meterId === null) access.assertSiteAdmin();
    else await access.assertMeter('meter.admin', error.meterId);
    const acknowledged = await this.deps.repository.acknowledge(id);
    if (error.meterId !== null) await this.deps.events.publish('meter.updated', { meterId: error.meterId });
    return acknowledged;
  }
}
