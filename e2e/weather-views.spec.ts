import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { moveMeterTo } from './support/projects.ts';
import { co2Uplink, connectToBroker } from './support/uplinks.ts';

/**
 * A project in Helsinki with the weather of its nearest FMI station (the local stand-in's), whose space "Luokka 301"
 * shows the outdoor temperature beside its own temperature, fed by a meter.
 */
async function projectWithWeather(page: import('@playwright/test').Page, serial: string) {
  const slug = `e2e-${crypto.randomUUID().slice(0, 8)}`;
  const { createOrganization } = await graphql<{ createOrganization: { id: string } }>(
    page,
    'mutation ($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }',
    { name: 'E2E Sää Oy', slug },
  );
  const meterId = await moveMeterTo(page, createOrganization.id, serial);
  const { createProject } = await graphql<{ createProject: { id: number } }>(
    page,
    'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    { input: { name: 'E2E Sää', organizationId: createOrganization.id } },
  );
  const projectId = createProject.id;
  await graphql(page, 'mutation ($input: UpdateProjectInput!) { updateProject(input: $input) { id } }', {
    input: {
      id: projectId,
      latitude: 60.17,
      longitude: 24.94,
      // A day of range, so that the backfill of the added source brings the last hours' observations.
      startAt: new Date(Date.now() - 24 * 3_600_000).toISOString(),
    },
  });
  const { createSpace } = await graphql<{ createSpace: { id: number } }>(
    page,
    'mutation ($input: CreateSpaceInput!) { createSpace(input: $input) { id } }',
    { input: { projectId, name: 'Luokka 301' } },
  );
  const { createSeries } = await graphql<{ createSeries: { id: number } }>(
    page,
    'mutation ($input: CreateSeriesInput!) { createSeries(input: $input) { id } }',
    { input: { projectId, spaceId: createSpace.id, name: 'Lämpötila', dataType: 'Temperature', dataUnit: '°C' } },
  );
  await graphql(
    page,
    'mutation ($input: CreateSeriesDatasourceInput!) { createSeriesDatasource(input: $input) { id } }',
    { input: { seriesId: createSeries.id, meterId, channel: 'temperature', startAt: new Date().toISOString() } },
  );
  const { projectAddWeather } = await graphql<{ projectAddWeather: { weatherId: number } }>(
    page,
    'mutation ($projectId: Int!) { projectAddWeather(projectId: $projectId) { weatherId } }',
    { projectId },
  );
  await graphql(page, 'mutation ($input: UpdateSpaceInput!) { updateSpace(input: $input) { id } }', {
    input: {
      id: createSpace.id,
      weather: true,
      weatherId: projectAddWeather.weatherId,
      weatherDatatype: 'ExternalTemperature',
    },
  });
  return { projectId, seriesId: createSeries.id, spaceId: createSpace.id };
}

test("a space's outdoor temperature shows beside its own in the live view, the summary, a report's PDF and the export", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  const known = co2Uplink(serial, 1, 612);
  await broker.publishAsync(known.topic, known.body, { qos: 1 });
  try {
    await logIn(page, 'admin', 'e2e-admin-password');
    const { projectId, seriesId, spaceId } = await projectWithWeather(page, serial);
    // The example uplink's temperature is 30.8 °C.
    const reading = co2Uplink(serial, 2, 640);
    await broker.publishAsync(reading.topic, reading.body, { qos: 1 });

    await page.goto(`/p/${projectId}/live`);
    await expect(page.getByTestId(`live-gauge-${seriesId}`).getByTestId('live-value')).toHaveText('30,8 °C', {
      timeout: 15_000,
    });
    const space = page.getByTestId('live-space').filter({ hasText: 'Luokka 301' });
    // The backfill runs as a job: its observations reach the page on a reload.
    await expect(async () => {
      await page.reload();
      await expect(space.getByTestId('space-weather-value')).toHaveText(/^Ulkona −?\d+,\d °C$/, { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(space.getByTestId('space-weather-name')).toContainText('Sää - Ulkolämpötila');
    await expect(space.getByTestId('space-weather-comparison')).toHaveText(/^Ero ulos −?\d+,\d °C$/);

    await page.goto(`/p/${projectId}/summary`);
    const graph = page.getByTestId('summary-graph').filter({ hasText: 'Luokka 301' }).first();
    await expect(graph).toContainText('Lämpötila', { timeout: 20_000 });
    await expect(graph).toContainText('Sää - Ulkolämpötila');
    await expect(page.getByTestId('summary-outdoor-value').first()).toHaveText(/°C$/);

    // A report of the space: its PDF's graph and table name the outdoor temperature beside the space's own.
    const now = Date.now();
    const { createReport } = await graphql<{ createReport: { report: { id: number; version: number } } }>(
      page,
      'mutation ($input: CreateReportInput!) { createReport(input: $input) { report { id version } } }',
      {
        input: {
          projectId,
          name: 'Sääraportti',
          from: new Date(now - 20 * 3_600_000).toISOString(),
          to: new Date(now + 3_600_000).toISOString(),
        },
      },
    );
    const roomSeries = [{ space: { kind: 'space', id: spaceId, name: 'Luokka 301' }, dataType: 'Temperature' }];
    await graphql(page, 'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { id } }', {
      input: {
        id: createReport.report.id,
        version: createReport.report.version,
        content: {
          version: 1,
          elements: [
            { id: 'graph', kind: 'graph', title: 'Lämpötilat', series: roomSeries },
            { id: 'stats', kind: 'dataTable', title: 'Tilastot', series: roomSeries, layout: 'stats' },
            { id: 'summary', kind: 'summary', title: 'Yhteenveto', series: roomSeries },
          ],
        },
      },
    });
    const pdf = await page.request.get(`/api/reports/${createReport.report.id}.pdf`, { timeout: 60_000 });
    expect(pdf.status()).toBe(200);
    const pdfFile = path.join(os.tmpdir(), `weather-${serial}.pdf`);
    fs.writeFileSync(pdfFile, await pdf.body());
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toContain('Sää - Ulkolämpötila');
    expect(text).toMatch(/Ulkona/);
    // The summary element gives the matched outdoor mean and the difference across the envelope.
    expect(text).toMatch(/Sää - Ulkolämpötila: keskiarvo −?\d+,\d °C · Ero ulos keskimäärin −?\d+,\d °C/);

    // The export has the outdoor temperature as a column with values.
    const query = new URLSearchParams({
      from: String(now - 20 * 3_600_000),
      to: String(now),
      slot: '3600',
      mode: 'avg',
      nulls: '0',
      filters: '[]',
      lang: 'fi',
    });
    const exported = await page.request.get(`/api/export/${projectId}.csv?${query}`);
    expect(exported.status()).toBe(200);
    const lines = (await exported.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
    const column = (lines[0] as string).split(';').findIndex((heading) => heading.includes('Sää - Ulkolämpötila'));
    expect(column).toBeGreaterThan(0);
    const values = lines.slice(1, lines.indexOf('')).map((line) => line.split(';')[column]);
    expect(values.some((value) => /^-?\d+,\d$/.test(value ?? ''))).toBe(true);

    // The public link shows the outdoor temperature beside the space too, not as a gauge of its own.
    const { updateProject } = await graphql<{ updateProject: { publicId: string } }>(
      page,
      'mutation ($input: UpdateProjectInput!) { updateProject(input: $input) { publicId } }',
      { input: { id: projectId, isPublic: true, showLive: true } },
    );
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/project/${updateProject.publicId}`);
    const publicSpace = visitorPage.getByTestId('public-live').getByTestId('live-space');
    await expect(publicSpace.getByTestId('space-weather-value')).toHaveText(/^Ulkona −?\d+,\d °C$/, {
      timeout: 20_000,
    });
    await expect(publicSpace.getByRole('group', { name: 'Sää - Ulkolämpötila' })).toHaveCount(0);
    await visitor.close();
  } finally {
    await broker.endAsync();
  }
});
