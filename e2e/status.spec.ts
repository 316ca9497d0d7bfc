import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { subscribedTo } from './support/graphql.ts';
import { projectFedBy } from './support/projects.ts';
import { co2Uplink, connectToBroker, publishUntilShown } from './support/uplinks.ts';

test("a project fed by a meter is online after an uplink, and the dashboard's card follows its values live", async ({
  page,
}) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const name = `E2E Tila ${serial.slice(0, 4)}`;
  const broker = await connectToBroker();
  const known = co2Uplink(serial, 1, 612);
  await broker.publishAsync(known.topic, known.body, { qos: 1 });

  try {
    await logIn(page, 'admin', 'e2e-admin-password');
    const { projectId, seriesId } = await projectFedBy(page, serial, name);

    // Its series is fed from now on: the meter's first uplink came before, so it reports but no value is there yet.
    // The dashboard follows all its cards through one subscription.
    const subscribed = subscribedTo(page, 'projectsStatusUpdated');
    const subscriptions = countSubscriptions(page);
    await page.goto('/home');
    const card = page.getByRole('article', { name });
    await expect(card.getByTestId('project-online')).toContainText('1 / 1 mittaria yhteydessä');
    await subscribed;
    await page.evaluate(() => Object.assign(window, { sameLoad: true }));

    const value = card.locator(`[data-testid="status-value"][data-series-id="${seriesId}"]`);
    await publishUntilShown(
      broker,
      (attempt) => co2Uplink(serial, 2 + attempt, 700),
      (timeout) => expect(value).toHaveText('700 ppm', { timeout }),
    );
    const next = co2Uplink(serial, 10, 950);
    await broker.publishAsync(next.topic, next.body, { qos: 1 });
    await expect(value).toHaveText('950 ppm');
    await expect(card.getByTestId('project-newest-reading')).toContainText('Uusin lukema');
    expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
    // However many cards, the dashboard's live values come through one subscription, none per card.
    const live = ['projectsStatusUpdated', 'seriesLatestUpdated', 'projectUpdated'];
    expect(subscriptions().filter((field) => live.includes(field))).toEqual(['projectsStatusUpdated']);

    // The project's overview tab heads with the same status.
    await page.goto(`/p/${projectId}`);
    const status = page.getByTestId('project-status');
    await expect(status.getByTestId('project-online')).toContainText('1 / 1 mittaria yhteydessä');
    await expect(status.locator(`[data-series-id="${seriesId}"]`)).toHaveText('950 ppm');
    await expect(page.getByText('Ei yhteyttä')).toHaveCount(0);
  } finally {
    await broker.endAsync();
  }
});

/** The fields of the subscriptions the page starts over its websockets, in order. */
function countSubscriptions(page: Page): () => string[] {
  const fields: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => {
      const message = JSON.parse(String(frame.payload)) as { type?: string; payload?: { query?: string } };
      const field = message.type === 'subscribe' ? /\{\s*(\w+)/.exec(message.payload?.query ?? '')?.[1] : undefined;
      if (field) fields.push(field);
    });
  });
  return () => fields;
}

test('on a 390 px phone the status strip fits its card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'admin', 'e2e-admin-password');
  await page.goto('/home');
  const status = page.getByTestId('project-status').first();
  await expect(status).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
