import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, uploadAttachment } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData } from '../../testing/test-server.ts';
import {
  type Creation,
  cloneReport,
  createReport,
  png,
  type ReportsWorld,
  range,
  startReportsWorld,
  summaryOf,
} from './reports.testing.ts';

describe.each(testDatabases)('reports from templates and clones on %s', (kind) => {
  let world: ReportsWorld;

  beforeAll(async () => {
    world = await startReportsWorld(kind);
  });
  afterAll(() => world?.olo.close());

  it('makes a report from a template of the organization chain, maps its spaces by name and lists what it could not', async () => {
    const { owner, tenant, parentId, organizationId, projectA, projectB, projectZ, spaces, create, update } = world;
    const cover = expectData(
      await owner.graphql<{ createReportCover: { id: number } }>(
        'mutation C($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }',
        { input: { organizationId: parentId, name: 'Kansi' } },
      ),
    ).createReportCover;
    const { report: template } = await create(owner, { projectId: projectA, name: 'Sisäilma' });
    const content = {
      version: 1,
      elements: [
        summaryOf('co2', { kind: 'space', id: spaces.a101, name: 'Luokka 101' }, 'CO2'),
        summaryOf('hallTemp', { kind: 'space', id: spaces.aHall, name: 'Sali' }, 'Temperature'),
        {
          id: 'rooms',
          kind: 'text',
          text: '{space.name}',
          repeatPerSpace: true,
          children: [summaryOf('each', { kind: 'current' }, null)],
        },
        summaryOf('gone', { kind: 'space', id: 999999, name: 'Kellari' }, 'CO2'),
      ],
    };
    const dataslots = [{ id: 'school', name: 'Kouluaika', ...range, slot: 3600, filters: [] }];
    expectData(
      await update(owner, { id: template.id, content, dataslots, template: true, landscape: true, coverId: cover.id }),
    );

    const extras = expectData(
      await owner.graphql<{
        reportExtras: { covers: Array<{ id: number }>; templates: Array<Record<string, unknown>> };
      }>(
        'query E($id: Int!) { reportExtras(projectId: $id) { covers { id } printTemplates { id } templates { id name projectName organizationName } } }',
        { id: projectB },
      ),
    ).reportExtras;
    expect(extras.covers.map((item) => item.id)).toContain(cover.id);
    expect(extras.templates).toContainEqual({
      id: template.id,
      name: 'Sisäilma',
      projectName: 'Mallikoulu',
      organizationName: 'Kiinteistöt Oy',
    });

    const made = await create(owner, { projectId: projectB, name: 'Kirkonkylä syksy', templateId: template.id });
    expect(made.report).toMatchObject({
      projectId: projectB,
      template: false,
      published: false,
      landscape: true,
      coverId: cover.id,
      dataslots: [expect.objectContaining({ id: 'school', name: 'Kouluaika' })],
    });
    const elements = made.report.content.elements;
    expect(elements[0]).toMatchObject({ series: [{ space: { kind: 'space', id: spaces.b101 }, dataType: 'CO2' }] });
    // Sali is there but measures no temperature in A's sense... it does here: kept and mapped.
    expect(elements[1]).toMatchObject({
      series: [{ space: { kind: 'space', id: spaces.bHall }, dataType: 'Temperature' }],
    });
    expect(elements[2]).toMatchObject({ children: [{ series: [{ space: { kind: 'current' } }] }] });
    // Kellari is missing: the selection is dropped and listed.
    expect(elements[3]).toMatchObject({ series: [] });
    expect(made.unmapped).toEqual([{ elementId: 'gone', spaceName: 'Kellari', dataType: null }]);

    // A template whose type a space lacks: kept, and listed with its type.
    const { report: other } = await create(owner, { projectId: projectA, name: 'Lämpö' });
    expectData(
      await update(owner, {
        id: other.id,
        template: true,
        content: {
          version: 1,
          elements: [summaryOf('t', { kind: 'space', id: spaces.a101, name: 'Luokka 101' }, 'Temperature')],
        },
      }),
    );
    const partly = await create(owner, { projectId: projectB, name: 'Lämpö B', templateId: other.id });
    expect(partly.unmapped).toEqual([{ elementId: 't', spaceName: ' luokka 101 ', dataType: 'Temperature' }]);

    // The other tenant neither sees the template nor can use it; B's template is not offered up to A.
    const tenantExtras = expectData(
      await tenant.graphql<{ reportExtras: { templates: Array<{ id: number }> } }>(
        'query E($id: Int!) { reportExtras(projectId: $id) { templates { id } } }',
        { id: projectZ },
      ),
    ).reportExtras;
    expect(tenantExtras.templates).toEqual([]);
    const stolen = await tenant.graphql(createReport, {
      input: { ...range, projectId: projectZ, name: 'Kopio', templateId: template.id },
    });
    expect(stolen.errors?.[0]).toMatchObject({ message: 'Not found', extensions: { code: 'NOT_FOUND' } });
    const { report: childTemplate } = await create(owner, { projectId: projectB, name: 'Lapsen pohja' });
    expectData(await update(owner, { id: childTemplate.id, template: true }));
    const upward = await owner.graphql(createReport, {
      input: { ...range, projectId: projectA, name: 'Ylös', templateId: childTemplate.id },
    });
    expect(upward.errors?.[0]?.message).toBe('Not found');

    // The organization's admins list its own templates.
    const listed = expectData(
      await owner.graphql<{ organization: { reportTemplates: Array<{ id: number }> } }>(
        'query O($id: ID!) { organization(id: $id) { reportTemplates { id } } }',
        { id: organizationId },
      ),
    ).organization.reportTemplates;
    expect(listed.map((item) => item.id)).toEqual([childTemplate.id]);
  });

  it('clones into another project: mapped, its images copied there, a cover outside the chain dropped, unpublished', async () => {
    const { olo, owner, organizationId, projectA, projectB, spaces, sql, create } = world;
    const upload = await uploadAttachment(
      owner,
      { projectId: projectB },
      { name: 'pohja.png', type: 'image/png', bytes: png },
    );
    const attachmentId = upload.body.id as string;
    const childCover = expectData(
      await owner.graphql<{ createReportCover: { id: number } }>(
        'mutation C($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }',
        { input: { organizationId, name: 'Koulujen kansi' } },
      ),
    ).createReportCover;
    const { report: source } = await create(owner, { projectId: projectB, name: 'Lähde' });
    // B's report shows an image of B and O's cover.
    await sql()`update reports set content = ${JSON.stringify({
      version: 1,
      elements: [
        {
          id: 'tour',
          kind: 'imageTour',
          images: [
            {
              attachmentId,
              caption: 'Pohjapiirros',
              pins: [{ space: { kind: 'space', id: spaces.b101, name: ' luokka 101 ' }, x: 0.5, y: 0.5 }],
            },
          ],
        },
      ],
    })}::jsonb, cover_id = ${childCover.id}, published = true, template = true where id = ${source.id}`;

    // Into A (of P, above O): O's cover is not in A's chain; the pin maps to A's Luokka 101.
    const clone = expectData(
      await owner.graphql<{ cloneReport: Creation }>(cloneReport, {
        input: { id: source.id, projectId: projectA, name: 'Kopio' },
      }),
    ).cloneReport;
    expect(clone.report).toMatchObject({
      projectId: projectA,
      name: 'Kopio',
      published: false,
      publicId: null,
      template: false,
      coverId: null,
    });
    expect(clone.unmapped).toEqual([]);
    const image = (clone.report.content.elements[0] as { images: Array<{ attachmentId: string; pins: unknown[] }> })
      .images[0];
    expect(image?.pins).toEqual([{ space: { kind: 'space', id: spaces.a101, name: 'Luokka 101' }, x: 0.5, y: 0.5 }]);
    // B's file is not A's: A's report gets a copy of its own that A's viewers may read.
    const copiedId = image?.attachmentId as string;
    expect(copiedId).not.toBe(attachmentId);
    const [copy] = await sql()<Array<{ project_id: number; name: string; size: number }>>`
      select project_id, name, size from attachments where id = ${copiedId}`;
    expect(copy).toEqual({ project_id: projectA, name: 'pohja.png', size: png.length });
    const viewer = (await signedInClient(olo.url)).client;
    const [viewerRow] = await sql()<Array<{ id: string }>>`select id from users order by created_at desc limit 1`;
    await sql()`insert into project_memberships (project_id, user_id, can_view_reports) values (${projectA}, ${viewerRow?.id as string}, true)`;
    const served = await viewer.fetch(`/api/attachments/${copiedId}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);

    // Into B itself: the same ids, the cover kept.
    const same = expectData(
      await owner.graphql<{ cloneReport: Creation }>(cloneReport, { input: { id: source.id, projectId: projectB } }),
    ).cloneReport;
    expect(same.report).toMatchObject({ name: 'Lähde', coverId: childCover.id, published: false });
    const keptImage = (same.report.content.elements[0] as { images: Array<{ attachmentId: string }> }).images[0];
    expect(keptImage?.attachmentId).toBe(attachmentId);
  });
});
