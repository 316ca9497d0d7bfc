import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import mqtt from 'mqtt';
import { vectorsDirectory } from '../packages/drivers/src/testing/vectors.ts';
import { logIn } from './support/accounts.ts';
import { e2eIngestToken, e2eMqttPort } from './support/environment.ts';

const example = JSON.parse(fs.readFileSync(`${vectorsDirectory}/uplinks/chirpstack-v4-mqtt-up.json`, 'utf8')) as {
  topic: string;
  payload: Record<string, unknown> & { deviceInfo: Record<string, unknown> };
};

/** The ChirpStack example (a Milesight EM500-CO2) as meter `serial`, with the given frame counter and CO2 in ppm. */
function uplink(serial: string, fCnt: number, co2: number) {
  const message = structuredClone(example.payload);
  message.deviceInfo.devEui = serial;
  message.fCnt = fCnt;
  message.time = new Date().toISOString();
  const bytes = Buffer.from('01755c03673401046865057d670406736827', 'hex');
  // Channel 05/7D holds CO2 as uint16, little-endian, from byte 12.
  bytes.writeUInt16LE(co2, 12);
  message.data = bytes.toString('base64');
  delete message.object;
  return { topic: example.topic.replace('24e124126c172345', serial), body: JSON.stringify(message) };
}

test('a reading published to the broker appears on the meter page without a reload', async ({ page }) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await mqtt.connectAsync(`mqtt://127.0.0.1:${e2eMqttPort}`, {
    username: 'olo',
    password: e2eIngestToken,
  });
  const first = uplink(serial, 1, 812);
  await broker.publishAsync(first.topic, first.body, { qos: 1 });

  // An unknown meter is free: the site admin sees it.
  await logIn(page, 'admin', 'e2e-admin-password');
  await page.goto(`/meters?search=${serial}`);
  await page
    .getByTestId('meter-list')
    .getByRole('link', { name: new RegExp(serial) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/meters\/\d+$/);
  await expect(page.getByTestId('meter-channel-co2')).toContainText('812');

  const second = uplink(serial, 2, 947);
  await broker.publishAsync(second.topic, second.body, { qos: 1 });
  await broker.endAsync();
  await expect(page.getByTestId('meter-channel-co2')).toContainText('947');
});
