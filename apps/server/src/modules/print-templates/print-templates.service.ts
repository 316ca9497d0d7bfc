import { type CreatePrintTemplateInput, printMarginMillimetres, type UpdatePrintTemplateInput } from '@olo/shared';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { manageableReportPart } from '../report-covers/manageable-report-part.ts';
import type { PrintTemplateRow, PrintTemplatesRepository } from './print-templates.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Not found');

/** The page margin: the template's (a length its schema bounds), else 15 mm, room for the default footer. */
export function printMargin(template: PrintTemplateRow | undefined): string {
  return template && printMarginMillimetres(template.margin) !== null ? template.margin : '15mm';
}

/**
 * Print templates: an organization's header, footer, CSS and margin of its reports' printed pages, its admins'
 * (organization.manageReportCovers); the reports of its projects and of the organizations below it may pick one.
 */
export class PrintTemplatesService {
  constructor(private readonly repository: PrintTemplatesRepository) {}

  /**
   * The printed page's margin of a report (its print template's, else 15 mm): the screen lays the report out on the
   * same pages as its PDF (decision 0160). The report is already one the asker may see.
   */
  async pageMargin(printtemplateId: number | null): Promise<string> {
    const template = printtemplateId === null ? undefined : await this.repository.find(printtemplateId);
    return printMargin(template);
  }

  async ofOrganization(access: ViewerAccess, organizationId: string): Promise<PrintTemplateRow[]> {
    await access.assert('organization.manageReportCovers', organizationId);
    return this.repository.ofOrganization(organizationId);
  }

  /** Header and footer arrive sanitized, CSS and margin checked (packages/shared print-templates.ts). */
  async create(access: ViewerAccess, input: CreatePrintTemplateInput): Promise<PrintTemplateRow> {
    await access.assert('organization.manageReportCovers', input.organizationId);
    return this.repository.insert(input);
  }

  async update(access: ViewerAccess, input: UpdatePrintTemplateInput): Promise<PrintTemplateRow> {
    await this.editable(access, input.id);
    const { id, ...changes } = input;
    const updated = await this.repository.update(id, changes);
    if (!updated) throw notFound();
    return updated;
  }

  /** Reports that used it are printed with the default footer. */
  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    await this.editable(access, id);
    await this.repository.delete(id);
    return true;
  }

  private async editable(access: ViewerAccess, id: number): Promise<PrintTemplateRow> {
    return manageableReportPart(access, await this.repository.find(id));
  }
}
