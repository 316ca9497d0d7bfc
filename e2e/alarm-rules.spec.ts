import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { e2eBaseUrl } from './support/environment.ts';
import { subscribedTo } from './support/graphql.ts';
import { waitForMailLink } from './support/mail.ts';
import { projectFedBy } from './support/projects.ts';
import { tr } from './support/translations.ts';
import { co2Uplink, connectToBroker, publishUntilShown } from './support/uplinks.ts';

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((result, [name, value]) => result.replace(`{{${name}}}`, value), text);

for (const [sizeName, viewport] of Object.entries(sizes)) {
  test.describe(`at ${sizeName} size`, () => {
    test.use({ viewport });

    test('a new alarm "above 1000" made with its defaults fires on a reading above it, not on a normal one, and mails whom the editor named', async ({
      page,
    }) => {
      // Readings through the broker, the episode's live push and the mail's delivery: three waits in one flow.
      test.slow();
      const serial = crypto.randomBytes(8).toString('hex');
      const recipient = `huolto-${serial}@example.com`;
      const broker = await connectToBroker();
      // The first uplink makes the meter known.
      const known = co2Uplink(serial, 1, 612);
      await broker.publishAsync(known.topic, known.body, { qos: 1 });
      try {
        await logIn(page, 'admin', 'e2e-admin-password');
        const { projectId } = await projectFedBy(page, serial, `E2E Hälytyssäännöt ${sizeName}`);
        const subscribed = subscribedTo(page, 'projectUpdated');
        await page.goto(`/p/${projectId}/alarms`);
        await page.getByRole('button', { name: tr('fi', 'New alarm') }).click();
        const editor = page.getByTestId('alarm-editor');
        await editor.getByLabel(tr('fi', 'Name')).fill('CO2 over 1000');
        await editor.getByLabel('Hiilidioksidi (ppm)').check();

        // The rule in words, "above" unless chosen otherwise, and its sentence shown before a value is typed.
        await expect(editor.getByRole('radio', { name: tr('fi', 'above'), exact: true })).toBeChecked();
        const sentence = (value: string) =>
          fill(tr('fi', 'Triggers when {{subject}} is {{condition}}.'), {
            subject: 'CO2',
            condition: fill(tr('fi', 'above {{value}}'), { value: `${value} ppm` }),
          });
        await expect(editor.getByTestId('alarm-editor-summary')).toHaveText(sentence('…'));
        await editor.getByLabel(tr('fi', 'Limit value')).fill('1000');
        await expect(editor.getByTestId('alarm-editor-summary')).toHaveText(sentence('1\u00a0000'));

        // Whom it notifies, said in the same editor.
        await expect(editor.getByTestId('alarm-recipients-none')).toBeVisible();
        await editor.getByRole('button', { name: tr('fi', 'Add recipient') }).click();
        const row = editor.getByTestId('alarm-recipient');
        await row.getByLabel(tr('fi', 'Type')).selectOption('email');
        await row.getByLabel(tr('fi', 'Email')).fill(recipient);
        await expect(editor.getByTestId('alarm-recipients-none')).toHaveCount(0);
        await editor.getByRole('button', { name: tr('fi', 'Create alarm') }).click();

        const alarm = page.getByRole('article', { name: 'CO2 over 1000' });
        await expect(alarm.getByTestId('alarm-range')).toHaveText(
          fill(tr('fi', 'above {{value}}'), { value: '1\u00a0000 ppm' }),
        );
        await expect(alarm).toContainText(fill(tr('fi', 'Actions: {{number}}'), { number: '1' }));
        await expect(alarm.getByTestId('alarm-summary')).toHaveText(sentence('1\u00a0000'));
        await subscribed;

        // A normal reading first, then one above: only the second opens an episode (the fault was the other way).
        const normal = co2Uplink(serial, 2, 640);
        await broker.publishAsync(normal.topic, normal.body, { qos: 1 });
        const episodes = page.getByTestId('alarm-triggered');
        await publishUntilShown(
          broker,
          (attempt) => co2Uplink(serial, 3 + attempt, 1420),
          (timeout) => expect(episodes).toHaveCount(1, { timeout }),
        );
        await expect(episodes).toContainText('1420 ppm');
        await expect(episodes).not.toContainText('640 ppm');
        await expect(episodes).toContainText(tr('fi', 'Ongoing'));
        const { mail } = await waitForMailLink(recipient, `${e2eBaseUrl}/p/${projectId}`);
        expect(mail.subject).toContain('CO2 over 1000');

        // Acknowledged with a comment: who and when are recorded and shown with it.
        await episodes.getByRole('button', { name: tr('fi', 'Acknowledge'), exact: false }).click();
        const acknowledgement = page.getByRole('form', { name: /^Kuittaa CO2 over 1000/ });
        await acknowledgement.getByLabel(tr('fi', 'Comment')).fill('Ikkunat avattu, IV tarkistetaan');
        await acknowledgement.getByRole('button', { name: tr('fi', 'Acknowledge'), exact: true }).click();
        const shown = episodes.getByTestId('alarm-acknowledgement');
        await expect(shown).toContainText(fill(tr('fi', 'Acknowledged by {{name}}'), { name: '' }).trim());
        await expect(shown).toContainText('Ikkunat avattu, IV tarkistetaan');
        await expect(page.getByTestId('alarms-unacknowledged')).toHaveText(
          fill(tr('fi', 'Unacknowledged alarms: {{number}}'), { number: '0' }),
        );
      } finally {
        await broker.endAsync();
      }
    });
  });
}
