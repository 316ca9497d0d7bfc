import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { subscribedTo } from './support/graphql.ts';
import { projectFedBy } from './support/projects.ts';
import { co2Uplink, connectToBroker, publishUntilShown } from './support/uplinks.ts';

test('a reading published to the broker appears on the live gauges without a reload', async ({ page }) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  // The first uplink makes the meter known (free, until it is moved to the organization).
  const known = co2Uplink(serial, 1, 612);
  await broker.publishAsync(known.topic, known.body, { qos: 1 });

  try {
    await logIn(page, 'admin', 'e2e-admin-password');
    const { projectId, seriesId } = await projectFedBy(page, serial, 'E2E Reaaliaika');

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

    await publishUntilShown(
      broker,
      (attempt) => co2Uplink(serial, 2 + attempt, 812),
      (timeout) => expect(gauge.getByTestId('live-value')).toHaveText('812 ppm', { timeout }),
    );
    await expect(gauge.getByTestId('live-age')).toHaveText('nyt');

    const second = co2Uplink(serial, 10, 947);
    await broker.publishAsync(second.topic, second.body, { qos: 1 });
    await expect(gauge.getByTestId('live-value')).toHaveText('947 ppm');
    expect(await page.evaluate(() => 'sameLoad' in window)).toBe(true);
  } finally {
    await broker.endAsync();
  }
});
