import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { graphql, subscribedTo } from './support/graphql.ts';
import { co2Uplink, connectToBroker } from './support/uplinks.ts';

/**
 * A project of its own, in an organization of its own, whose space "Luokka 201" has a CO2 series fed from channel
 * `co2` of the meter `serial` from now on: no earlier reading reaches it.
 */
async function projectFedBy(page: Page, serial: string): Promise<{ projectId: number; seriesId: number }> {
  const slug = `e2e-live-${Date.now().toString(36)}`;
  const { createOrganization } = await graphql<{ createOrganization: { id: string } }>(
    page,
    'mutation ($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }',
    { name: 'E2E Live Oy', slug },
  );
  const organizationId = createOrganization.id;
  const { moveFreeMeters } = await graphql<{ moveFreeMeters: { id: number }[] }>(
    page,
    'mutation ($organizationId: ID!, $serials: [String!]!) { moveFreeMeters(organizationId: $organizationId, serials: $serials) { id } }',
    { organizationId, serials: [serial] },
  );
  const meterId = moveFreeMeters[0]?.id;
  const { createProject } = await graphql<{ createProject: { id: number } }>(
    page,
    'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    { input: { name: 'E2E Reaaliaika', organizationId } },
  );
  const projectId = createProject.id;
  const { createSpace } = await graphql<{ createSpace: { id: number } }>(
    page,
    'mutation ($input: CreateSpaceInput!) { createSpace(input: $input) { id } }',
    { input: { projectId, name: 'Luokka 201' } },
  );
  const { createSeries } = await graphql<{ createSeries: { id: number } }>(
    page,
    'mutation ($input: CreateSeriesInput!) { createSeries(input: $input) { id } }',
    {
      input: { projectId, spaceId: createSpace.id, name: 'Hiilidioksidi', dataType: 'CO2', dataUnit: 'ppm' },
    },
  );
  await graphql(
    page,
    'mutation ($input: CreateSeriesDatasourceInput!) { createSeriesDatasource(input: $input) { id } }',
    { input: { seriesId: createSeries.id, meterId, channel: 'co2', startAt: new Date().toISOString() } },
  );
  return { projectId, seriesId: createSeries.id };
}

test('a reading published to the broker appears on the live gauges without a reload', async ({ page }) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  // The first uplink makes the meter known (free, until it is moved to the organization).
  const known = co2Uplink(serial, 1, 612);
  await broker.publishAsync(known.topic, known.body, { qos: 1 });

  try {
    await logIn(page, 'admin', 'e2e-admin-password');
    const { projectId, seriesId } = await projectFedBy(page, serial);

    // Published only once the page subscribed: a value pushed before that would reach nobody.
    const subscribed = subscribedTo(page, 'seriesLatestUpdated');
    await page.goto(`/p/${projectId}/live`);
    const gauge = page.getByTestId(`live-gauge-${seriesId}`);
    await expect(page.getByRole('heading', { name: 'Luokka 201' })).toBeVisible();
    await expect(gauge).toContainText('Hiilidioksidi');
    await expect(gauge.getByTestId('live-value')).toHaveText('-');
    await subscribed;
    // Gone if the page loaded again.
    await page.evaluate(() => Object.assign(window, { sameLoad: true }));

    const first = co2Uplink(serial, 2, 812);
    await broker.publishAsync(first.topic, first.body, { qos: 1 });
    await expect(gauge.getByTestId('live-value')).toHaveText('812 ppm');
    await expect(gauge.getByTestId('live-age')).toHaveText('nyt');

    const second = co2Uplink(serial, 3, 947);
    await broker.publishAsync(second.topic, second.body, { qos: 1 });
    await expect(gauge.getByTestId('live-value')).toHaveText('947 ppm');
    expect(await page.evaluate(() => 'sameLoad' in window)).toBe(true);
  } finally {
    await broker.endAsync();
  }
});
