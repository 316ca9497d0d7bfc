import { printTemplateErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import {
  expectData,
  type GraphQLResponse,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../testing/test-server.ts';

const fields = 'id organizationId name header footer css margin accentColor tableHeaderColor createdAt updatedAt';
const createTemplate = `mutation C($input: CreatePrintTemplateInput!) { createPrintTemplate(input: $input) { ${fields} } }`;
const updateTemplate = `mutation U($input: UpdatePrintTemplateInput!) { updatePrintTemplate(input: $input) { ${fields} } }`;
const listTemplates = `query L($id: ID!) { organization(id: $id) { printTemplates { ${fields} } } }`;

interface PrintTemplateData {
  id: number;
  organizationId: string;
  name: string;
  header: string;
  footer: string;
  css: string;
  margin: string;
  accentColor: string | null;
  tableHeaderColor: string | null;
  updatedAt: string;
}

const issues = (response: GraphQLResponse) =>
  Object.fromEntries(
    (response.errors?.[0]?.extensions?.issues ?? []).map((issue: { path: string; message: string }) => [
      issue.path,
      issue.message,
    ]),
  );

describe.each(testDatabases)('print templates on %s', (kind) => {
  let olo: TestServer;
  let owner: TestClient;
  let tenant: TestClient;
  let organizationId: string;
  let projectId: number;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: owner } = await signedInClient(olo.url));
    ({ client: tenant } = await signedInClient(olo.url));
    organizationId = (await createOrganization(owner, { name: 'Kiinteistöt Oy' })).id;
    projectId = (await createProject(owner, organizationId, { name: 'Koulu' })).id;
    await createOrganization(tenant, { name: 'Toinen' });
  });
  afterAll(() => olo?.close());

  it('creates, lists, updates and deletes a template, storing its header and footer sanitized', async () => {
    const created = expectData(
      await owner.graphql<{ createPrintTemplate: PrintTemplateData }>(createTemplate, {
        input: {
          organizationId,
          name: 'Perus',
          header: '<b onmouseover="steal()">{report.name}</b><script>alert(1)</script><img src="https://x/t.png">',
          footer: '<div style="font-size: 8px">{page} / {pages}</div>',
          css: 'h1 { color: #036; }',
          margin: '2 cm',
          accentColor: '#0055AA',
        },
      }),
    ).createPrintTemplate;
    expect(created).toMatchObject({
      organizationId,
      name: 'Perus',
      header: '<b>{report.name}</b>',
      footer: '<div style="font-size: 8px">{page} / {pages}</div>',
      css: 'h1 { color: #036; }',
      margin: '2cm',
      accentColor: '#0055aa',
      tableHeaderColor: null,
    });

    const listed = expectData(
      await owner.graphql<{ organization: { printTemplates: PrintTemplateData[] } }>(listTemplates, {
        id: organizationId,
      }),
    ).organization.printTemplates;
    expect(listed.map((item) => item.id)).toEqual([created.id]);

    // Omitted fields stay; null clears a colour.
    const updated = expectData(
      await owner.graphql<{ updatePrintTemplate: PrintTemplateData }>(updateTemplate, {
        input: { id: created.id, name: 'Perus 2', accentColor: null, tableHeaderColor: '#eeeeee' },
      }),
    ).updatePrintTemplate;
    expect(updated).toMatchObject({
      name: 'Perus 2',
      header: '<b>{report.name}</b>',
      margin: '2cm',
      accentColor: null,
      tableHeaderColor: '#eeeeee',
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    // A report of the organization's project picks it (reportExtras offers it).
    const extras = expectData(
      await owner.graphql<{ reportExtras: { printTemplates: Array<{ id: number; footer: string }> } }>(
        'query E($id: Int!) { reportExtras(projectId: $id) { printTemplates { id footer } } }',
        { id: projectId },
      ),
    ).reportExtras.printTemplates;
    expect(extras).toEqual([{ id: created.id, footer: created.footer }]);

    const { createReport } = expectData(
      await owner.graphql<{ createReport: { report: { id: number } } }>(
        'mutation R($input: CreateReportInput!) { createReport(input: $input) { report { id } } }',
        { input: { projectId, name: 'Tulostettava', from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z' } },
      ),
    );
    const picked = expectData(
      await owner.graphql<{ updateReport: { printtemplateId: number | null } }>(
        'mutation U($input: UpdateReportInput!) { updateReport(input: $input) { printtemplateId } }',
        { input: { id: createReport.report.id, printtemplateId: created.id } },
      ),
    ).updateReport;
    expect(picked.printtemplateId).toBe(created.id);

    expect(
      expectData(await owner.graphql('mutation D($id: Int!) { deletePrintTemplate(id: $id) }', { id: created.id })),
    ).toEqual({ deletePrintTemplate: true });
    // The report stays, printed with the default footer from now on.
    const report = expectData(
      await owner.graphql<{ report: { printtemplateId: number | null } }>(
        'query R($id: Int!) { report(id: $id) { printtemplateId } }',
        { id: createReport.report.id },
      ),
    ).report;
    expect(report).toEqual({ printtemplateId: null });
    const after = expectData(
      await owner.graphql<{ organization: { printTemplates: PrintTemplateData[] } }>(listTemplates, {
        id: organizationId,
      }),
    ).organization.printTemplates;
    expect(after).toEqual([]);
  });

  it('refuses CSS that loads anything, a bad margin or colour, with the messages the form shows', async () => {
    const response = await owner.graphql(createTemplate, {
      input: {
        organizationId,
        name: 'Huono',
        css: 'p { background: url(https://evil.example/t.png) }',
        margin: '10pt',
        tableHeaderColor: 'blue',
      },
    });
    expect(issues(response)).toEqual({
      css: printTemplateErrors.unsafeCss,
      margin: printTemplateErrors.invalidMargin,
      tableHeaderColor: 'Give a colour as #rrggbb',
    });
    const listed = expectData(
      await owner.graphql<{ organization: { printTemplates: PrintTemplateData[] } }>(listTemplates, {
        id: organizationId,
      }),
    ).organization.printTemplates;
    expect(listed.some((item) => item.name === 'Huono')).toBe(false);
  });

  it("keeps another organization's admin out of its templates", async () => {
    const ours = expectData(
      await owner.graphql<{ createPrintTemplate: PrintTemplateData }>(createTemplate, {
        input: { organizationId, name: 'Oma' },
      }),
    ).createPrintTemplate;
    expect(ours).toMatchObject({ header: '', footer: '', css: '', margin: '15mm' });
    const read = await tenant.graphql(listTemplates, { id: organizationId });
    expect(read.errors?.[0]?.extensions?.code).toBeDefined();
    const changed = await tenant.graphql(updateTemplate, { input: { id: ours.id, name: 'Varastettu' } });
    expect(changed.errors).toBeDefined();
    const deleted = await tenant.graphql('mutation D($id: Int!) { deletePrintTemplate(id: $id) }', { id: ours.id });
    expect(deleted.errors).toBeDefined();
    const created = await tenant.graphql(createTemplate, { input: { organizationId, name: 'Vieras' } });
    expect(created.errors).toBeDefined();
    const listed = expectData(
      await owner.graphql<{ organization: { printTemplates: PrintTemplateData[] } }>(listTemplates, {
        id: organizationId,
      }),
    ).organization.printTemplates;
    expect(listed.map((item) => item.name)).toEqual(['Oma']);
  });
});
