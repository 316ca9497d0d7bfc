import { reportErrors, tenancyErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAttachment } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData } from '../../testing/test-server.ts';
import { issueOf, png, type ReportsWorld, startReportsWorld } from '../reports/reports.testing.ts';

describe.each(testDatabases)('report covers on %s', (kind) => {
  let world: ReportsWorld;

  beforeAll(async () => {
    world = await startReportsWorld(kind);
  });
  afterAll(() => world?.olo.close());

  it("keeps covers to their organization's admins, and refuses a cover or print template outside the project's chain", async () => {
    const { owner, tenant, parentId, organizationId, tenantOrganizationId, projectB, sql, create, update, stored } =
      world;
    const tenantCover = expectData(
      await tenant.graphql<{ createReportCover: { id: number } }>(
        'mutation C($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }',
        { input: { organizationId: tenantOrganizationId, name: 'Vieras kansi' } },
      ),
    ).createReportCover;
    const [printTemplate] = await sql()<Array<{ id: number }>>`
      insert into print_templates (organization_id, name) values (${tenantOrganizationId}, 'Vieras pohja') returning id`;
    const { report } = await create(owner, { projectId: projectB, name: 'Kansi' });
    for (const field of [{ coverId: tenantCover.id }, { printtemplateId: printTemplate?.id }]) {
      const response = await update(owner, { id: report.id, ...field });
      expect(response.errors?.[0]?.message).toBe(reportErrors.outsideOrganization);
    }
    expect((await stored(report.id)).version).toBe(1);
    const [ownTemplate] = await sql()<Array<{ id: number }>>`
      insert into print_templates (organization_id, name) values (${parentId}, 'Oma pohja') returning id`;
    const chosen = expectData(await update(owner, { id: report.id, printtemplateId: ownTemplate?.id })).updateReport;
    expect(chosen.printtemplateId).toBe(ownTemplate?.id);
    const cleared = expectData(await update(owner, { id: report.id, printtemplateId: null })).updateReport;
    expect(cleared.printtemplateId).toBeNull();

    // The other tenant's admin neither changes nor lists a cover of O.
    const ours = expectData(
      await owner.graphql<{ createReportCover: { id: number } }>(
        'mutation C($input: CreateReportCoverInput!) { createReportCover(input: $input) { id } }',
        {
          input: {
            organizationId,
            name: 'Oma kansi',
            cover: { version: 1, elements: [{ id: 'title', kind: 'text', text: '{project.name}', style: 'title' }] },
          },
        },
      ),
    ).createReportCover;
    const refused = await tenant.graphql(
      'mutation U($input: UpdateReportCoverInput!) { updateReportCover(input: $input) { id } }',
      { input: { id: ours.id, name: 'Varastettu' } },
    );
    expect(refused.errors?.[0]?.message).toBe('Permission denied');
    // A cover holds only texts and rich texts, and its logo is a file of its own organization.
    const graph = await owner.graphql(
      'mutation U($input: UpdateReportCoverInput!) { updateReportCover(input: $input) { id } }',
      { input: { id: ours.id, cover: { version: 1, elements: [{ id: 'g', kind: 'graph' }] } } },
    );
    expect(issueOf(graph)).toBe(reportErrors.coverElements);
    const foreignLogo = await uploadAttachment(
      tenant,
      { organizationId: tenantOrganizationId },
      { name: 'logo.png', type: 'image/png', bytes: png },
    );
    const logo = await owner.graphql(
      'mutation U($input: UpdateReportCoverInput!) { updateReportCover(input: $input) { id } }',
      { input: { id: ours.id, cover: { version: 1, logoAttachmentId: foreignLogo.body.id } } },
    );
    expect(logo.errors?.[0]?.message).toBe(tenancyErrors.noSuchFile);
    const covers = expectData(
      await owner.graphql<{ organization: { reportCovers: Array<{ id: number; name: string; cover: unknown }> } }>(
        'query O($id: ID!) { organization(id: $id) { reportCovers { id name cover } } }',
        { id: organizationId },
      ),
    ).organization.reportCovers;
    expect(covers).toContainEqual({
      id: ours.id,
      name: 'Oma kansi',
      cover: {
        version: 1,
        logoAttachmentId: null,
        elements: [expect.objectContaining({ id: 'title', kind: 'text', text: '{project.name}' })],
      },
    });
    expectData(await owner.graphql('mutation D($id: Int!) { deleteReportCover(id: $id) }', { id: ours.id }));
  });
});
