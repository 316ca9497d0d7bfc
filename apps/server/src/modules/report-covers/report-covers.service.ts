import {
  type CreateReportCoverInput,
  emptyReportCoverContent,
  tenancyErrors,
  type UpdateReportCoverInput,
} from '@olo/shared';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { type AttachmentsService, isLogoOfOrganization } from '../attachments/attachments.service.ts';
import { manageableReportPart } from './manageable-report-part.ts';
import type { ReportCoverRow, ReportCoversRepository } from './report-covers.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Not found');

/**
 * Report covers (spec §3): the designed first page of reports, belonging to an organization and its admins'
 * (organization.manageReportCovers); the reports of its projects and of the organizations below it may pick one.
 */
export class ReportCoversService {
  constructor(
    private readonly repository: ReportCoversRepository,
    private readonly attachments: AttachmentsService,
  ) {}

  /** For the loaders: covers of reports the viewer was already let read. */
  async byIds(ids: number[]): Promise<Array<ReportCoverRow | null>> {
    const rows = new Map((await this.repository.byIds(ids)).map((row) => [row.id, row]));
    return ids.map((id) => rows.get(id) ?? null);
  }

  async ofOrganization(access: ViewerAccess, organizationId: string): Promise<ReportCoverRow[]> {
    await access.assert('organization.manageReportCovers', organizationId);
    return this.repository.ofOrganization(organizationId);
  }

  async create(access: ViewerAccess, input: CreateReportCoverInput): Promise<ReportCoverRow> {
    await access.assert('organization.manageReportCovers', input.organizationId);
    const cover = input.cover ?? emptyReportCoverContent;
    await this.assertLogo(cover.logoAttachmentId, input.organizationId);
    return this.repository.insert({ organizationId: input.organizationId, name: input.name, cover });
  }

  async update(access: ViewerAccess, input: UpdateReportCoverInput): Promise<ReportCoverRow> {
    const current = await this.editable(access, input.id);
    const { id, ...changes } = input;
    if (changes.cover) await this.assertLogo(changes.cover.logoAttachmentId, current.organizationId);
    const updated = await this.repository.update(id, changes);
    if (!updated) throw notFound();
    return updated;
  }

  /** Reports that used it keep going without a cover. */
  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    await this.editable(access, id);
    await this.repository.delete(id);
    return true;
  }

  private async editable(access: ViewerAccess, id: number): Promise<ReportCoverRow> {
    return manageableReportPart(access, await this.repository.find(id));
  }

  /**
   * A cover's logo is a file uploaded to the cover's own organization; any other id is answered as
   * one that does not exist, so that an id of another tenant's file cannot be told from none.
   */
  private async assertLogo(attachmentId: string | null, organizationId: string): Promise<void> {
    if (attachmentId === null) return;
    const file = await this.attachments.byId(attachmentId);
    if (!isLogoOfOrganization(file, organizationId)) throw new AppError('BAD_USER_INPUT', tenancyErrors.noSuchFile);
  }
}
