import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { subscribedTo } from './support/graphql.ts';
import { projectFedBy } from './support/projects.ts';
import { tr } from './support/translations.ts';
import { co2Uplink, connectToBroker, publishUntilShown } from './support/uplinks.ts';

test('an alarm made in the browser triggers on a published reading, shows up without a reload and is acknowledged', async ({
  page,
}) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  // The first uplink makes the meter known (free, until it is moved to the organization).
  const known = co2Uplink(serial, 1, 612);
  await broker.publishAsync(known.topic, known.body, { qos: 1 });

  try {
    await logIn(page, 'admin', 'e2e-admin-password');
    const { projectId } = await projectFedBy(page, serial, 'E2E Hälytykset');

    const subscribed = subscribedTo(page, 'projectUpdated');
    await page.goto(`/p/${projectId}/alarms`);
    await page.getByRole('button', { name: tr('fi', 'New alarm') }).click();
    const editor = page.getByTestId('alarm-editor');
    await editor.getByLabel(tr('fi', 'Name')).fill('CO2 yli 1000');
    await editor.getByLabel('Hiilidioksidi (ppm)').check();
    await editor.getByLabel(tr('fi', 'Limit value')).fill('1000');
    // Nothing stored above 1000 ppm in the last 30 days.
    await expect(editor.getByTestId('alarm-preview-count')).toHaveText(
      tr('fi', 'Would have fired {{number}} times in the last {{days}} days.')
        .replace('{{number}}', '0')
        .replace('{{days}}', '30'),
    );
    await editor.getByRole('button', { name: tr('fi', 'Create alarm') }).click();
    const alarm = page.getByRole('article', { name: 'CO2 yli 1000' });
    await expect(alarm.getByTestId('alarm-range')).toHaveText(
      tr('fi', 'above {{value}}').replace('{{value}}', '1\u00a0000 ppm'),
    );
    await expect(page.getByTestId('alarms-triggered-empty')).toBeVisible();
    await subscribed;
    // Gone if the page loaded again.
    await page.evaluate(() => Object.assign(window, { sameLoad: true }));

    const row = page.getByTestId('alarm-triggered');
    await publishUntilShown(
      broker,
      (attempt) => co2Uplink(serial, 2 + attempt, 1250),
      (timeout) => expect(row).toHaveCount(1, { timeout }),
    );
    await expect(row).toContainText('CO2 yli 1000');
    await expect(row).toContainText('Luokka 201 › Hiilidioksidi');
    await expect(row).toContainText('1250 ppm');
    await expect(row).toContainText(tr('fi', 'Ongoing'));
    await expect(page.getByTestId('alarms-tab-count')).toHaveText('1');
    await expect(page.getByTestId('alarms-unacknowledged')).toHaveText(
      tr('fi', 'Unacknowledged alarms: {{number}}').replace('{{number}}', '1'),
    );

    await row.getByRole('button', { name: tr('fi', 'Acknowledge'), exact: false }).click();
    await page.getByTestId('alarm-acknowledge-confirm').click();
    await expect(row.getByTestId('alarm-acknowledgement')).toBeVisible();
    await expect(page.getByTestId('alarms-unacknowledged')).toHaveText(
      tr('fi', 'Unacknowledged alarms: {{number}}').replace('{{number}}', '0'),
    );
    await expect(page.getByTestId('alarms-tab-count')).toHaveCount(0);
    expect(await page.evaluate(() => 'sameLoad' in window)).toBe(true);
  } finally {
    await broker.endAsync();
  }
});
