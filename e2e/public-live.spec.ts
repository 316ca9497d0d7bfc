import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { graphql, subscribedTo } from './support/graphql.ts';
import { co2SeriesFedBy, moveMeterTo } from './support/projects.ts';
import { co2Uplink, connectToBroker, publishUntilShown } from './support/uplinks.ts';

/** The demo school's public link (apps/server/src/seed/demo-data.ts: fixed, so that it survives restarts). */
const demoPublicId = '00000000-0000-4000-8000-00000000de01';

/**
 * As the site admin: moves the free meter `serial` into the demo organization and feeds a new CO2 series of the demo
 * school's space "Luokka 101" from its channel `co2` from now on. The demo school is shared by the seed; if its link
 * were off, the demo user (its organization's admin) could turn it on, but then it would get a new id.
 */
async function demoSeriesFedBy(page: Page, serial: string, name: string): Promise<number> {
  const { organizationBySlug } = await graphql<{ organizationBySlug: { id: string } }>(
    page,
    'query { organizationBySlug(slug: "olo-demo") { id } }',
  );
  const { projectByPublicId } = await graphql<{
    projectByPublicId: { id: number; showLive: boolean; spaces: { id: number; name: string }[] };
  }>(page, 'query ($id: String!) { projectByPublicId(publicId: $id) { id showLive spaces { id name } } }', {
    id: demoPublicId,
  });
  expect(projectByPublicId.showLive).toBe(true);
  const space = projectByPublicId.spaces.find((item) => item.name === 'Luokka 101');
  expect(space).toBeTruthy();
  const meterId = await moveMeterTo(page, organizationBySlug.id, serial);
  return co2SeriesFedBy(page, { projectId: projectByPublicId.id, spaceId: space?.id, meterId, name });
}

test('an anonymous visitor of the public link sees a reading published to the broker without a reload', async ({
  page,
  browser,
}) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  // The first uplink makes the meter known (free, until it is moved to the organization).
  const known = co2Uplink(serial, 1, 612);
  await broker.publishAsync(known.topic, known.body, { qos: 1 });

  const visitor = await browser.newContext();
  try {
    await logIn(page, 'admin', 'e2e-admin-password');
    const name = `Hiilidioksidi ${serial.slice(0, 4)}`;
    const seriesId = await demoSeriesFedBy(page, serial, name);

    // No session at all: the websocket is anonymous too.
    const anonymous = await visitor.newPage();
    expect(await visitor.cookies()).toEqual([]);
    const subscribed = subscribedTo(anonymous, 'publicSeriesLatestUpdated');
    await anonymous.goto(`/project/${demoPublicId}`);
    const live = anonymous.getByTestId('public-live');
    await expect(live.getByRole('heading', { name: 'Luokka 101' })).toBeVisible();
    const gauge = anonymous.getByTestId(`live-gauge-${seriesId}`);
    await expect(gauge).toContainText(name);
    await expect(gauge.getByTestId('live-value')).toHaveText('-');
    // Read-only: nothing on the live values leads into the member pages.
    await expect(live.getByRole('link')).toHaveCount(0);
    await subscribed;
    // Gone if the page loaded again.
    await anonymous.evaluate(() => Object.assign(window, { sameLoad: true }));

    await publishUntilShown(
      broker,
      (attempt) => co2Uplink(serial, 2 + attempt, 812),
      (timeout) => expect(gauge.getByTestId('live-value')).toHaveText('812 ppm', { timeout }),
    );
    await expect(gauge.getByTestId('live-age')).toHaveText('nyt');

    const second = co2Uplink(serial, 10, 947);
    await broker.publishAsync(second.topic, second.body, { qos: 1 });
    await expect(gauge.getByTestId('live-value')).toHaveText('947 ppm');
    expect(await anonymous.evaluate(() => 'sameLoad' in window)).toBe(true);
    expect((await visitor.cookies()).map((cookie) => cookie.name)).not.toContain('olo_session');
  } finally {
    await visitor.close();
    await broker.endAsync();
  }
});

test('an anonymous visitor of the public link sees the summary graphs and table of the shown spaces', async ({
  browser,
}) => {
  // A context of its own: no session cookie, as a visitor who only has the link.
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/data/')) dataRequests.push(request.url());
    });
    await page.goto(`/project/${demoPublicId}`);
    const summary = page.getByTestId('public-summary');
    await expect(summary.getByTestId('summary-graph').first()).toBeVisible({ timeout: 40_000 });
    await expect(summary.getByTestId('summary-table').first()).toContainText('Luokka 101');
    expect(dataRequests.length).toBeGreaterThan(0);
    // Read-only: no saving of ranges or views without an account.
    await expect(summary.getByTestId('save-range')).toHaveCount(0);
    await expect(summary.getByTestId('saved-views')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
