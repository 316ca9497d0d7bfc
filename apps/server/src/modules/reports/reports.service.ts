import crypto from 'node:crypto';
import {
  type CloneReportInput,
  type CreateReportInput,
  dataViewErrors,
  emptyReportContent,
  mapReportContent,
  type ReportAttention,
  type ReportContent,
  type ReportDroppedPin,
  type ReportUnmapped,
  relativeDataslotRange,
  reportDataslotInstants,
  reportErrors,
  reportReferencedSeries,
  reportTemplateAttention,
  tenancyErrors,
  type UpdateReportInput,
  uuidSchema,
} from '@olo/shared';
import { AppError } from '../../shared/errors.ts';
import type { PublicProjectFacts, ViewerAccess } from '../access/access.policy.ts';
import type { AttachmentsService } from '../attachments/attachments.service.ts';
import type { PrintTemplatesRepository } from '../print-templates/print-templates.repository.ts';
import type { ReportCoversRepository } from '../report-covers/report-covers.repository.ts';
import type { SeriesRepository } from '../series/series.repository.ts';
import type { SpacesRepository } from '../spaces/spaces.repository.ts';
import {
  imageAttachmentIds,
  pinsAttention,
  type Report,
  type ReportCreation,
  type ReportExtras,
  replaceAttachments,
  toReport,
} from './reports.model.ts';
import type {
  ReportChanges,
  ReportProjectRow,
  ReportRow,
  ReportsRepository,
  ReportTemplateRow,
} from './reports.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Not found');

/**
 * Reports of projects (spec §3): viewers of a project's reports read them, report admins write,
 * clone and publish them; anybody reads a published one through its public id. A report picks a cover
 * and a print template of its project's organization chain. A template is offered to the projects of
 * its organization and of the organizations below it.
 */
export class ReportsService {
  private readonly repository: ReportsRepository;
  private readonly spaces: SpacesRepository;
  private readonly series: SeriesRepository;
  private readonly covers: ReportCoversRepository;
  private readonly printTemplates: PrintTemplatesRepository;
  private readonly attachments: AttachmentsService;
  private readonly now: () => Date;

  constructor(deps: {
    repository: ReportsRepository;
    spaces: SpacesRepository;
    series: SeriesRepository;
    covers: ReportCoversRepository;
    printTemplates: PrintTemplatesRepository;
    attachments: AttachmentsService;
    now?: () => Date;
  }) {
    this.repository = deps.repository;
    this.spaces = deps.spaces;
    this.series = deps.series;
    this.covers = deps.covers;
    this.printTemplates = deps.printTemplates;
    this.attachments = deps.attachments;
    this.now = deps.now ?? (() => new Date());
  }

  /** A project's reports by name; only those flagged summary (its overview's) when `summaryOnly`. */
  async list(access: ViewerAccess, projectId: number, summaryOnly = false): Promise<Report[]> {
    await access.assert('project.viewReports', projectId);
    return this.present(await this.repository.listByProject(projectId, summaryOnly));
  }

  /**
   * A project's published reports reached through its public link: its summary reports always (0168), every published
   * one while it shows reports (showReport). Anybody may read a published report, so listing it shows nothing new.
   */
  async publicReports(
    access: ViewerAccess,
    project: PublicProjectFacts & { id: number },
    which: 'summary' | 'all',
  ): Promise<Report[]> {
    if (which === 'all' && !access.policy.publicProject(project).reports) return [];
    return this.present(await this.repository.listPublished(project.id, which === 'summary'));
  }

  async byId(access: ViewerAccess, id: number): Promise<Report | null> {
    const row = await this.repository.findById(id);
    if (!row) return null;
    await access.assert('project.viewReports', row.projectId);
    return this.presentOne(row);
  }

  /** Anybody's, while published under this id; otherwise 'Not found', as for an id that never existed. */
  async byPublicId(publicId: string): Promise<Report> {
    // Not a uuid is no report (and never reaches the database, whose uuid column would refuse it).
    if (!uuidSchema.safeParse(publicId).success) throw notFound();
    const row = await this.repository.findPublished(publicId);
    if (!row) throw notFound();
    return this.presentOne(row);
  }

  async extras(access: ViewerAccess, projectId: number): Promise<ReportExtras> {
    await access.assert('project.adminReports', projectId);
    const project = await this.project(projectId);
    const [covers, printTemplates, templates] = await Promise.all([
      this.covers.ofChain(project.organizationId),
      this.printTemplates.ofChain(project.organizationId),
      this.repository.templates(project.organizationId),
    ]);
    return { covers, printTemplates, templates };
  }

  async create(access: ViewerAccess, input: CreateReportInput): Promise<ReportCreation> {
    await access.assert('project.adminReports', input.projectId);
    const project = await this.project(input.projectId);
    const base = { projectId: project.id, name: input.name, from: input.from, to: input.to };
    if (input.templateId === null || input.templateId === undefined) {
      const row = await this.repository.insert({ ...base, content: emptyReportContent, dataslots: [] });
      return { report: await this.presentOne(row), unmapped: [], attention: [] };
    }
    const template = await this.repository.templateInChain(input.templateId, project.organizationId);
    if (!template) throw notFound();
    const source = await this.presentOne(template);
    const { content, unmapped, droppedPins } = await this.retarget(access, source, project, true);
    // The template's slots follow the new report's range: fixed dates are read against the template's own.
    const fixedSlots: ReportAttention[] = [];
    const dataslots = source.dataslots.map((slot) => {
      const { range, relative } = relativeDataslotRange(slot.range, source);
      if (!relative) fixedSlots.push({ kind: 'fixedDataslot', elementId: null, name: slot.name });
      return { ...slot, range };
    });
    const row = await this.repository.insert({
      ...base,
      content,
      dataslots,
      period: source.period,
      landscape: source.landscape,
      coverId: await this.coverInChain(source.coverId, project.organizationId),
      printtemplateId: await this.printTemplateInChain(source.printtemplateId, project.organizationId),
    });
    const report = await this.presentOne(row);
    const attention = [
      ...reportTemplateAttention(content),
      ...pinsAttention(droppedPins),
      ...fixedSlots,
      ...(await this.rangesWithoutData(report, project)),
    ];
    return { report, unmapped, attention };
  }

  /**
   * Saves a report's changes and raises its version. A given `version` older than the stored one
   * means somebody else saved meanwhile: refused, nothing changed.
   */
  async update(access: ViewerAccess, input: UpdateReportInput): Promise<Report> {
    const current = await this.editable(access, input.id);
    const { id, version, ...changes } = input;
    const from = changes.from ?? current.from;
    const to = changes.to ?? current.to;
    if (to <= from)
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'to', message: dataViewErrors.toBeforeFrom }]);
    const project = await this.project(current.projectId);
    if (changes.content) await this.assertImagesOfProject(access, project, changes.content);
    const coverId = changes.coverId ?? null;
    const printtemplateId = changes.printtemplateId ?? null;
    if (
      (coverId !== null && (await this.coverInChain(coverId, project.organizationId)) === null) ||
      (printtemplateId !== null && (await this.printTemplateInChain(printtemplateId, project.organizationId)) === null)
    ) {
      throw new AppError('BAD_USER_INPUT', reportErrors.outsideOrganization);
    }
    const updated = await this.repository.update(id, changes as ReportChanges, version);
    if (!updated) throw new AppError('CONFLICT', reportErrors.changedElsewhere);
    return this.presentOne(updated);
  }

  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    await this.editable(access, id);
    await this.repository.delete(id);
    return true;
  }

  /**
   * A copy in the same project or another one the viewer edits reports of: unpublished, not a
   * template; its selections mapped by space name when the project differs, its images copied into
   * the target project, its cover kept only if the target's organization chain has it.
   */
  async clone(access: ViewerAccess, input: CloneReportInput): Promise<ReportCreation> {
    const row = await this.repository.findById(input.id);
    if (!row) throw notFound();
    await access.assert('project.viewReports', row.projectId);
    await access.assert('project.adminReports', input.projectId);
    const source = await this.presentOne(row);
    const project = await this.project(input.projectId);
    const { content, unmapped, droppedPins } = await this.retarget(
      access,
      source,
      project,
      source.projectId !== project.id,
    );
    const created = await this.repository.insert({
      projectId: project.id,
      name: input.name ?? source.name,
      content,
      dataslots: source.dataslots,
      from: source.from,
      to: source.to,
      period: source.period,
      landscape: source.landscape,
      summary: source.projectId === project.id ? source.summary : false,
      coverId: await this.coverInChain(source.coverId, project.organizationId),
      printtemplateId: await this.printTemplateInChain(source.printtemplateId, project.organizationId),
    });
    return { report: await this.presentOne(created), unmapped, attention: pinsAttention(droppedPins) };
  }

  /** Opens the public link under a new id, so that a link given out before stops working. */
  async publish(access: ViewerAccess, id: number): Promise<Report> {
    await this.editable(access, id);
    const row = await this.repository.update(id, { published: true, publicId: crypto.randomUUID() }, undefined, false);
    if (!row) throw notFound();
    return this.presentOne(row);
  }

  async unpublish(access: ViewerAccess, id: number): Promise<Report> {
    await this.editable(access, id);
    const row = await this.repository.update(id, { published: false }, undefined, false);
    if (!row) throw notFound();
    return this.presentOne(row);
  }

  async templatesOfOrganization(access: ViewerAccess, organizationId: string): Promise<ReportTemplateRow[]> {
    await access.assert('organization.manageReportCovers', organizationId);
    return this.repository.templates(organizationId, true);
  }

  /** Reports as the API gives them: the time zones of their projects are read only for rolling periods. */
  private async present(rows: ReportRow[]): Promise<Report[]> {
    const rolling = [...new Set(rows.filter((row) => row.period !== null).map((row) => row.projectId))];
    const zones = rolling.length > 0 ? await this.repository.timeZones(rolling) : new Map<number, string>();
    const now = this.now();
    return rows.map((row) => toReport(row, zones.get(row.projectId) ?? 'UTC', now));
  }

  private async presentOne(row: ReportRow): Promise<Report> {
    const [report] = await this.present([row]);
    return report as Report;
  }

  private async editable(access: ViewerAccess, id: number): Promise<ReportRow> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound();
    await access.assert('project.adminReports', row.projectId);
    return row;
  }

  private async project(projectId: number): Promise<ReportProjectRow> {
    const [project] = await this.repository.projectsWithOrganization([projectId]);
    if (!project) throw notFound();
    return project;
  }

  /**
   * A report's image tours show files its project may show, as a project's picture may be
   * (assertProjectMayShow): the project's own, or its organization's if the viewer may see that
   * organization. Unknown and foreign ids alike are "No such file", and nothing is saved.
   */
  private async assertImagesOfProject(
    access: ViewerAccess,
    project: ReportProjectRow,
    content: ReportContent,
  ): Promise<void> {
    await this.attachments.assertProjectMayShow(
      access,
      project,
      imageAttachmentIds(content.elements),
      tenancyErrors.noSuchFile,
    );
  }

  /** The cover's id if its organization is `organizationId` or above it; otherwise null. */
  private async coverInChain(coverId: number | null, organizationId: string): Promise<number | null> {
    if (coverId === null) return null;
    const cover = await this.covers.find(coverId);
    return cover && (await this.repository.isInChain(cover.organizationId, organizationId)) ? cover.id : null;
  }

  private async printTemplateInChain(templateId: number | null, organizationId: string): Promise<number | null> {
    if (templateId === null) return null;
    const template = await this.printTemplates.find(templateId);
    return template && (await this.repository.isInChain(template.organizationId, organizationId)) ? template.id : null;
  }

  /**
   * The content pointed at another project: selections mapped by space name (when `map`), and the
   * images the target may not show copied into it, each only if it is a file of the source's
   * project the viewer may read there (copyIntoProject); any other id refuses the whole report.
   */
  private async retarget(
    access: ViewerAccess,
    source: Report,
    project: ReportProjectRow,
    map: boolean,
  ): Promise<{ content: ReportContent; unmapped: ReportUnmapped[]; droppedPins: ReportDroppedPin[] }> {
    let content = source.content;
    let unmapped: ReportUnmapped[] = [];
    let droppedPins: ReportDroppedPin[] = [];
    if (map) {
      const [spaces, series] = await Promise.all([
        this.spaces.listByProjects([project.id]),
        this.series.listByProjects([project.id]),
      ]);
      ({ content, unmapped, droppedPins } = mapReportContent(content, { spaces, series }));
    }
    const [sourceProject] = await this.repository.projectsWithOrganization([source.projectId]);
    if (!sourceProject) throw notFound();
    const copies = await this.attachments.copyIntoProject(
      access,
      imageAttachmentIds(content.elements),
      sourceProject,
      project,
    );
    if (copies.size > 0) content = { ...content, elements: replaceAttachments(content.elements, copies) };
    return { content, unmapped, droppedPins };
  }

  /**
   * The report's range (name null) and each data slot in which none of the series the report shows
   * has a value: a report made from a template over days its project has no readings for.
   */
  private async rangesWithoutData(report: Report, project: ReportProjectRow): Promise<ReportAttention[]> {
    const [spaces, series] = await Promise.all([
      this.spaces.listByProjects([project.id]),
      this.series.listByProjects([project.id]),
    ]);
    const { seriesIds } = reportReferencedSeries(report.content, { spaces, series });
    const ranges = [
      { name: null, from: report.from.getTime(), to: report.to.getTime() },
      ...report.dataslots.map((slot) => ({
        name: slot.name,
        ...reportDataslotInstants(slot.range, report, project.timeZone),
      })),
    ];
    const found = await Promise.all(
      ranges.map((range) => this.series.hasValuesBetween(seriesIds, new Date(range.from), new Date(range.to))),
    );
    return ranges.flatMap((range, index) =>
      found[index] ? [] : [{ kind: 'noData' as const, elementId: null, name: range.name }],
    );
  }
}
