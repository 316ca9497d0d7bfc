import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type ReportContent,
  type ReportCoverContent,
  type ReportDataslot,
  type ReportElement,
  type ReportElementData,
  type RichTextNode,
  reportContentSchema,
  reportContentVersion,
  reportCoverContentSchema,
  reportDataslotsSchema,
} from '@olo/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  attachments,
  organizations,
  printTemplates,
  projects,
  reportCovers,
  reports,
  spaces,
} from '../db/tables/index.ts';
import { durations, localTime } from '../simulator/signals.ts';
import { demoDryingProject, demoOrganization, demoProject } from './demo-data.ts';
import { demoStructureSeries } from './demo-history.ts';
import { demoLogoPng, rgbPng } from './demo-png.ts';

export const demoCover = { name: 'Olo Demo -kansi' } as const;
/**
 * The demo organization's print template: the organization and project above, the report, its
 * period and the page numbers below, in the renderer's 9 pt type within the page's side margins.
 */
export const demoPrintTemplate = {
  name: 'Olo Demo -tulostuspohja',
  header:
    '<div style="display: flex; justify-content: space-between">' +
    '<span>{organization.name}</span><span>{project.name}</span></div>',
  footer: '<div style="text-align: right">' + '{report.name} · {report.from} – {report.to} · {page} / {pages}</div>',
  margin: '18mm',
  accentColor: '#1c4fa6',
  tableHeaderColor: '#e8eef8',
} as const;
export const demoSchoolReport = { name: 'Sisäilmaraportti', days: 30 } as const;
export const demoDryingReport = { name: 'Kuivumisraportti', days: 90 } as const;
/** Fixed, so the public link of the demo report stays the same across restarts. */
export const demoReportPublicId = '00000000-0000-4000-8000-00000000de02';
/** The school's floor plan, drawn here (the demo has no photos): where each space's meter hangs, 0..1. */
export const demoFloorPlan = {
  name: 'pohjapiirros.png',
  width: 480,
  height: 300,
  rooms: [
    { space: 'Luokka 101', x0: 0.03, y0: 0.05, x1: 0.38, y1: 0.48, color: [220, 235, 250], pin: { x: 0.2, y: 0.26 } },
    { space: 'Luokka 102', x0: 0.03, y0: 0.52, x1: 0.38, y1: 0.95, color: [225, 245, 228], pin: { x: 0.2, y: 0.74 } },
    { space: 'Liikuntasali', x0: 0.5, y0: 0.05, x1: 0.97, y1: 0.95, color: [252, 240, 215], pin: { x: 0.74, y: 0.5 } },
  ],
} as const;

const reportRangeData: ReportElementData = { dataslotId: null, slot: null, mode: null, nulls: null, filters: null };
const schoolHoursData: ReportElementData = { ...reportRangeData, dataslotId: 'kouluaika' };

const base = { repeatPerSpace: false, pageBreakBefore: false, children: [] as ReportElement[] };
const text = (id: string, style: 'title' | 'heading' | 'subheading' | 'paragraph', value: string): ReportElement => ({
  ...base,
  id,
  kind: 'text',
  style,
  text: value,
});
const paragraph = (value: string): RichTextNode => ({ type: 'paragraph', content: [{ type: 'text', text: value }] });
const richText = (id: string, content: RichTextNode[]): ReportElement => ({
  ...base,
  id,
  kind: 'richText',
  doc: { type: 'doc', content },
});

/**
 * The demo organization's cover: its logo, the report's name as the title and the project below it; the page's foot
 * lists project, period, organization and date by itself (decision 0162), so the title block does not repeat them.
 */
export function demoCoverContent(logoAttachmentId: string | null = null): ReportCoverContent {
  return reportCoverContentSchema.parse({
    version: reportContentVersion,
    logoAttachmentId,
    elements: [text('cover-title', 'title', '{report.name}'), text('cover-project', 'heading', '{project.name}')],
  });
}

/** "Kouluaika": weekdays 8–16 in one-hour slots, over the whole range of the report (or of one made from it). */
export function demoSchoolHours(): ReportDataslot[] {
  return reportDataslotsSchema.parse([
    {
      id: 'kouluaika',
      name: 'Kouluaika',
      range: { kind: 'whole' },
      filters: [{ type: 'weekrange', hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: 8, to: 16 })) }],
      nulls: false,
      mode: 'avg',
      slot: 3600,
    },
  ]);
}

/**
 * The school's indoor-air report, all six kinds: a title with variables, an introduction, a table of
 * school hours' statistics, a section repeated for every shown space (its name, a graph of its
 * series, a summary of school hours with the alarm episodes), and the floor plan with a pin per space.
 */
export function demoSchoolReportContent(spaceIds: Record<string, number>, floorPlanId: string | null): ReportContent {
  const elements: ReportElement[] = [
    text('title', 'title', '{report.name}: {project.name}'),
    text('range', 'subheading', '{report.from} – {report.to}'),
    richText('intro', [
      paragraph(
        'Raportti kokoaa koulun luokkien ja liikuntasalin sisäilman olosuhteet. Kouluaika tarkoittaa arkipäiviä kello 8–16; hiilidioksidin tavoite on alle 1200 ppm.',
      ),
      {
        type: 'bulletList',
        content: ['Lämpötila', 'Suhteellinen kosteus', 'Hiilidioksidi'].map((item) => ({
          type: 'listItem',
          content: [paragraph(item)],
        })),
      },
    ]),
    {
      ...base,
      id: 'stats',
      kind: 'dataTable',
      title: 'Kouluajan tunnusluvut',
      series: [{ space: { kind: 'all' }, dataType: null }],
      data: schoolHoursData,
      layout: 'stats',
    },
    {
      ...base,
      id: 'spaces',
      kind: 'text',
      style: 'heading',
      text: 'Tilat',
      repeatPerSpace: true,
      children: [
        text('space-name', 'subheading', '{space.name}'),
        {
          ...base,
          id: 'space-graph',
          kind: 'graph',
          title: null,
          series: [{ space: { kind: 'current' }, dataType: null }],
          data: reportRangeData,
          groupBy: 'space',
          showLimits: true,
        },
        {
          ...base,
          id: 'space-summary',
          kind: 'summary',
          title: 'Kouluaikana',
          series: [{ space: { kind: 'current' }, dataType: null }],
          data: schoolHoursData,
          alarms: true,
        },
      ],
    },
  ];
  if (floorPlanId) {
    elements.push({
      ...base,
      id: 'floor-plan',
      kind: 'imageTour',
      title: 'Mittauspisteet',
      data: schoolHoursData,
      images: [
        {
          attachmentId: floorPlanId,
          caption: 'Koulun pohjapiirros: mittarien paikat',
          pins: demoFloorPlan.rooms.flatMap((room) => {
            const id = spaceIds[room.space];
            return id === undefined ? [] : [{ space: { kind: 'space' as const, id, name: room.space }, ...room.pin }];
          }),
        },
      ],
    });
  }
  return reportContentSchema.parse({ version: reportContentVersion, elements });
}

/** The slab's drying report: the structure's RH in both stairwells, its summary, its forecast and a row a day. */
export function demoDryingReportContent(): ReportContent {
  const humidity = [{ space: { kind: 'all' as const }, dataType: demoStructureSeries.dataType }];
  return reportContentSchema.parse({
    version: reportContentVersion,
    elements: [
      text('title', 'title', '{report.name}: {project.name}'),
      text('range', 'subheading', '{report.from} – {report.to}'),
      richText('intro', [
        paragraph(
          'Betonilaatan suhteellinen kosteus porrashuoneissa A ja B mitattuna laattaan asennetuilla antureilla. Päällystettävyyden tavoite on alle 85 %.',
        ),
      ]),
      {
        ...base,
        id: 'graph',
        kind: 'graph',
        title: 'Rakenteen kosteus',
        series: humidity,
        data: reportRangeData,
        groupBy: 'type',
        showLimits: true,
      },
      {
        ...base,
        id: 'summary',
        kind: 'summary',
        title: 'Yhteenveto',
        series: humidity,
        data: reportRangeData,
        alarms: false,
      },
      {
        ...base,
        id: 'forecast',
        kind: 'dryingForecast',
        title: 'Kuivumisennuste',
        series: humidity,
        data: reportRangeData,
        // A month: the slab dries slowly, and two weeks of hand readings hardly show its curve (decision 0190).
        windowDays: 30,
      },
      {
        ...base,
        id: 'daily',
        kind: 'dataTable',
        title: 'Vuorokausikeskiarvot',
        series: humidity,
        data: { ...reportRangeData, slot: 86_400 },
        layout: 'slots',
      },
    ],
  });
}

/** The floor plan as an RGB PNG: rooms in light colours with dark walls on white. */
export function demoFloorPlanPng(): Buffer {
  const { width, height, rooms } = demoFloorPlan;
  const wall = 4;
  return rgbPng(width, height, (x, y) => {
    for (const room of rooms) {
      const [left, top, right, bottom] = [room.x0 * width, room.y0 * height, room.x1 * width, room.y1 * height];
      if (x < left || x >= right || y < top || y >= bottom) continue;
      const onWall = x < left + wall || x >= right - wall || y < top + wall || y >= bottom - wall;
      return onWall ? [60, 70, 80] : room.color;
    }
    return [255, 255, 255];
  });
}

/** The local midnight that starts today (Europe/Helsinki, the demo's zone) and the one `days` before it. */
function lastDays(now: number, days: number): { from: Date; to: Date } {
  const to = localTime(now).midnightMs;
  // Noon of the first day, then its midnight: a daylight-saving change between them moves nothing.
  const from = localTime(to - days * durations.dayMs + 12 * durations.hourMs).midnightMs;
  return { from: new Date(from), to: new Date(to) };
}

/**
 * The demo's reports (after seedDemoData): the demo organization's cover and print template; the school's indoor-air
 * report over the last 30 days, published (at a fixed public id), a summary report and a template,
 * with its floor plan as an attachment of the project; the slab's drying report. Idempotent: each
 * part is made only when missing (by name), so every start may call it.
 */
export async function seedDemoReports(deps: {
  db: Db;
  attachmentsDir: string;
  now?: number;
}): Promise<{ created: boolean }> {
  const { db } = deps;
  const now = deps.now ?? Date.now();
  let created = false;
  const [organization] = await db.select().from(organizations).where(eq(organizations.slug, demoOrganization.slug));
  if (!organization) return { created };

  let [cover] = await db
    .select()
    .from(reportCovers)
    .where(and(eq(reportCovers.organizationId, organization.id), eq(reportCovers.name, demoCover.name)));
  if (!cover) {
    const logo = demoLogoPng();
    const logoId = crypto.randomUUID();
    await fs.mkdir(deps.attachmentsDir, { recursive: true });
    await fs.writeFile(path.join(deps.attachmentsDir, logoId), logo);
    await db.insert(attachments).values({
      id: logoId,
      organizationId: organization.id,
      name: 'olo-demo-logo.png',
      contentType: 'image/png',
      size: logo.length,
    });
    [cover] = await db
      .insert(reportCovers)
      .values({ organizationId: organization.id, name: demoCover.name, cover: demoCoverContent(logoId) })
      .returning();
    created = true;
  }

  let [printTemplate] = await db
    .select()
    .from(printTemplates)
    .where(and(eq(printTemplates.organizationId, organization.id), eq(printTemplates.name, demoPrintTemplate.name)));
  if (!printTemplate) {
    [printTemplate] = await db
      .insert(printTemplates)
      .values({ organizationId: organization.id, ...demoPrintTemplate })
      .returning();
    created = true;
  }

  const projectOf = async (code: string) => (await db.select().from(projects).where(eq(projects.code, code)))[0];
  const hasReport = async (projectId: number, name: string) =>
    (
      await db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.projectId, projectId), eq(reports.name, name)))
    ).length > 0;

  const school = await projectOf(demoProject.code);
  if (school && !(await hasReport(school.id, demoSchoolReport.name))) {
    const rows = await db.select().from(spaces).where(eq(spaces.projectId, school.id));
    const spaceIds = Object.fromEntries(rows.map((row) => [row.name, row.id]));
    const png = demoFloorPlanPng();
    const floorPlanId = crypto.randomUUID();
    await fs.mkdir(deps.attachmentsDir, { recursive: true });
    await fs.writeFile(path.join(deps.attachmentsDir, floorPlanId), png);
    await db.insert(attachments).values({
      id: floorPlanId,
      projectId: school.id,
      name: demoFloorPlan.name,
      contentType: 'image/png',
      size: png.length,
    });
    const range = lastDays(now, demoSchoolReport.days);
    await db.insert(reports).values({
      projectId: school.id,
      name: demoSchoolReport.name,
      content: demoSchoolReportContent(spaceIds, floorPlanId),
      dataslots: demoSchoolHours(),
      ...range,
      coverId: cover?.id ?? null,
      printtemplateId: printTemplate?.id ?? null,
      publicId: demoReportPublicId,
      published: true,
      template: true,
      summary: true,
    });
    created = true;
  }

  const drying = await projectOf(demoDryingProject.code);
  if (drying && !(await hasReport(drying.id, demoDryingReport.name))) {
    await db.insert(reports).values({
      projectId: drying.id,
      name: demoDryingReport.name,
      content: demoDryingReportContent(),
      ...lastDays(now, demoDryingReport.days),
      // The cover of the parent organization: a child organization's projects may use it.
      coverId: cover?.id ?? null,
      printtemplateId: printTemplate?.id ?? null,
      landscape: true,
      summary: true,
    });
    created = true;
  }
  return { created };
}
