import type { Page } from '@playwright/test';
import { graphql } from './graphql.ts';

/** Moves the free meter `serial` (known from its first uplink) into an organization; its id. */
export async function moveMeterTo(page: Page, organizationId: string, serial: string): Promise<number> {
  const { moveFreeMeters } = await graphql<{ moveFreeMeters: { id: number }[] }>(
    page,
    'mutation ($organizationId: ID!, $serials: [String!]!) { moveFreeMeters(organizationId: $organizationId, serials: $serials) { id } }',
    { organizationId, serials: [serial] },
  );
  return moveFreeMeters[0]?.id as number;
}

/** A new CO2 series (ppm) in a space, fed from channel `co2` of a meter from now on: no earlier reading reaches it. */
export async function co2SeriesFedBy(
  page: Page,
  target: { projectId: number; spaceId: number | undefined; meterId: number; name: string },
): Promise<number> {
  const { createSeries } = await graphql<{ createSeries: { id: number } }>(
    page,
    'mutation ($input: CreateSeriesInput!) { createSeries(input: $input) { id } }',
    {
      input: {
        projectId: target.projectId,
        spaceId: target.spaceId,
        name: target.name,
        dataType: 'CO2',
        dataUnit: 'ppm',
      },
    },
  );
  await graphql(
    page,
    'mutation ($input: CreateSeriesDatasourceInput!) { createSeriesDatasource(input: $input) { id } }',
    {
      input: { seriesId: createSeries.id, meterId: target.meterId, channel: 'co2', startAt: new Date().toISOString() },
    },
  );
  return createSeries.id;
}

/**
 * As a site admin: a project `name` of its own, in an organization of its own, whose space "Luokka 201" has a CO2
 * series "Hiilidioksidi" fed from the meter `serial` from now on.
 */
export async function projectFedBy(
  page: Page,
  serial: string,
  name: string,
): Promise<{ projectId: number; seriesId: number; organizationId: string }> {
  const slug = `e2e-${crypto.randomUUID().slice(0, 8)}`;
  const { createOrganization } = await graphql<{ createOrganization: { id: string } }>(
    page,
    'mutation ($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }',
    { name: `${name} Oy`, slug },
  );
  const meterId = await moveMeterTo(page, createOrganization.id, serial);
  const { createProject } = await graphql<{ createProject: { id: number } }>(
    page,
    'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    { input: { name, organizationId: createOrganization.id } },
  );
  const projectId = createProject.id;
  const { createSpace } = await graphql<{ createSpace: { id: number } }>(
    page,
    'mutation ($input: CreateSpaceInput!) { createSpace(input: $input) { id } }',
    { input: { projectId, name: 'Luokka 201' } },
  );
  const seriesId = await co2SeriesFedBy(page, { projectId, spaceId: createSpace.id, meterId, name: 'Hiilidioksidi' });
  return { projectId, seriesId, organizationId: createOrganization.id };
}
