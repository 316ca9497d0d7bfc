import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';

/**
 * A cover or print template the viewer may change: it exists and belongs to an organization whose report covers
 * the viewer manages. A missing one and another tenant's are told apart only after the right is checked.
 */
export async function manageableReportPart<T extends { organizationId: string }>(
  access: ViewerAccess,
  part: T | undefined,
): Promise<T> {
  if (!part) throw new AppError('NOT_FOUND', 'Not found');
  await access.assert('organization.manageReportCovers', part.organizationId);
  return part;
}
