import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { subscribedTo } from './support/graphql.ts';
import { connectToBroker, publishUntilShown, co2Uplink as uplink } from './support/uplinks.ts';

test('a reading published to the broker appears on the meter page without a reload', async ({ page }) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  const first = uplink(serial, 1, 812);
  await broker.publishAsync(first.topic, first.body, { qos: 1 });

  // An unknown meter is free: the site admin sees it.
  await logIn(page, 'admin', 'e2e-admin-password');
  // The second reading is published only once the meter page subscribed: one pushed before that reaches nobody.
  const subscribed = subscribedTo(page, 'meterUpdated');
  await page.goto(`/meters?search=${serial}`);
  await page
    .getByTestId('meter-list')
    .getByRole('link', { name: new RegExp(serial) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/meters\/\d+$/);
  await expect(page.getByTestId('meter-channel-co2')).toContainText('812');

  await subscribed;
  await publishUntilShown(
    broker,
    (attempt) => uplink(serial, 2 + attempt, 947),
    (timeout) => expect(page.getByTestId('meter-channel-co2')).toContainText('947', { timeout }),
  );
  await broker.endAsync();
});
