import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import { startWeatherProviderServer, type WeatherProviderServer } from '../../testing/weather-provider-server.ts';

const addWeather = /* GraphQL */ `
  mutation Add($projectId: Int!, $provider: String) {
    projectAddWeather(projectId: $projectId, provider: $provider) {
      weatherId distanceKm backfillProgress
      weather { id name stationName provider }
    }
  }`;

const projectWeather = /* GraphQL */ `
  query P($id: Int!) {
    project(id: $id) {
      series { id name dataType dataUnit weatherId weatherChannel }
      weathers {
        weatherId backfillProgress backfilledTo
        weather { stationName latestTime latestValue latestIcon lastError latestData { channel value dataUnit } }
      }
    }
  }`;

interface ProjectWeather {
  project: {
    series: Array<{
      id: number;
      name: string;
      dataType: string;
      weatherId: number | null;
      weatherChannel: string | null;
    }>;
    weathers: Array<{
      weatherId: number;
      backfillProgress: number;
      weather: {
        stationName: string;
        latestTime: string | null;
        latestValue: number | null;
        lastError: string | null;
        latestData: Array<{ channel: string; value: number; dataUnit: string }>;
      };
    }>;
  };
}

/** Runs queued jobs until `done` holds (the backfill is a chain of jobs, one page each). */
async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

describe.each(testDatabases)('weather sources (%s)', (kind) => {
  let olo: TestServer;
  let providers: WeatherProviderServer;
  let admin: TestClient;
  let stranger: TestClient;
  let projectId: number;

  beforeAll(async () => {
    providers = await startWeatherProviderServer();
    olo = await startTestServer(kind, {
      FMI_URL: providers.fmiUrl,
      OPEN_METEO_URL: providers.openMeteoForecastUrl,
      OPEN_METEO_ARCHIVE_URL: providers.openMeteoArchiveUrl,
    });
    admin = (await signedInClient(olo.url)).client;
    stranger = (await signedInClient(olo.url)).client;
    const organization = await createOrganization(admin);
    // Started ten days ago, near Helsinki: the backfill covers ten days, in two FMI pages at most.
    const project = await createProject(admin, organization.id, {
      startAt: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    });
    projectId = project.id;
  }, 60_000);

  afterAll(async () => {
    await olo?.close();
    await providers?.close();
  });

  it('refuses a source before the project has a location, in words the web translates', async () => {
    const response = await admin.graphql(addWeather, { projectId });
    expect(response.errors?.[0]?.message).toBe("Set the project's location first");
    const data = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    expect(data.project.weathers).toEqual([]);
  });

  it('adds the nearest FMI station with its weather series, and backfills the project range', async () => {
    expectData(
      await admin.graphql(`mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { id } }`, {
        input: { id: projectId, latitude: 60.17, longitude: 24.94 },
      }),
    );
    const added = expectData(
      await admin.graphql<{
        projectAddWeather: {
          weatherId: number;
          distanceKm: number;
          weather: { stationName: string; provider: string };
        };
      }>(addWeather, { projectId }),
    ).projectAddWeather;
    expect(added.weather.provider).toBe('fmi');
    expect(added.weather.stationName).toMatch(/Helsinki/);
    expect(added.distanceKm).toBeLessThan(10);

    const again = await admin.graphql(addWeather, { projectId });
    expect(again.errors?.[0]?.message).toBe('The project already has this weather source');

    await until(async () => {
      const data = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
      return data.project.weathers[0]?.backfillProgress === 1;
    });
    const data = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    const weatherSeries = data.project.series.filter((series) => series.weatherId === added.weatherId);
    expect(weatherSeries.map((series) => series.weatherChannel).sort()).toContain('temperature');
    const temperature = weatherSeries.find((series) => series.weatherChannel === 'temperature');
    expect(temperature?.dataType).toBe('ExternalTemperature');
    expect(temperature?.name).toBe('Sää - Ulkolämpötila');
    // FMI has no UV index.
    expect(weatherSeries.some((series) => series.weatherChannel === 'uvIndex')).toBe(false);

    // The backfill asked FMI only for its own pages: one request per page, none repeated.
    const pages = providers.requests
      .filter(
        (request) => request.route === 'fmi' && request.url.searchParams.get('storedquery_id')?.endsWith('simple'),
      )
      .map((request) => request.url.searchParams.get('starttime'));
    expect(new Set(pages).size).toBe(pages.length);

    // Values reached the series storage: the data API's month answer has the outdoor temperature.
    const latest = data.project.weathers[0]?.weather;
    expect(latest?.latestData.find((value) => value.channel === 'temperature')?.dataUnit).toBe('°C');
  });

  it('keeps weather from strangers: the source, its data and the project list of it', async () => {
    const data = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    const weatherId = data.project.weathers[0]?.weatherId as number;
    const byId = await stranger.graphql(`query W($id: Int!) { weather(id: $id) { id } }`, { id: weatherId });
    expect(byId.errors?.[0]?.message).toBe('Permission denied');
    const list = expectData(await stranger.graphql<{ weathers: unknown[] }>(`{ weathers { id } }`));
    expect(list.weathers).toEqual([]);
    const rest = await fetch(`${olo.url}/api/weather/${weatherId}/2026-01`);
    expect(rest.status).toBe(401);
  });

  it('answers GET /api/weather/{id}/{period} in slots, with an ETag that answers 304', async () => {
    const data = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    const weatherId = data.project.weathers[0]?.weatherId as number;
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(
      new Date(Date.now() - 86_400_000),
    );
    const response = await admin.fetch(`/api/weather/${weatherId}/${today}?slot=3600`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-cache');
    const body = (await response.json()) as {
      channels: Array<{ channel: string }>;
      data: Record<string, Record<string, number[]>>;
    };
    expect(body.channels.map((channel) => channel.channel)).toContain('temperature');
    const slots = Object.keys(body.data);
    expect(slots.length).toBe(24);
    // Six 10-minute observations in each hour.
    expect(body.data[slots[5] as string]?.temperature?.[3]).toBe(6);
    const etag = response.headers.get('etag') as string;
    const again = await admin.fetch(`/api/weather/${weatherId}/${today}?slot=3600`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const bad = await admin.fetch(`/api/weather/${weatherId}/2026-13`);
    expect(bad.status).toBe(400);
  });

  it('records an outage as the source error, keeps what was stored, and recovers', async () => {
    const data = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    const weatherId = data.project.weathers[0]?.weatherId as number;
    const before = data.project.weathers[0]?.weather.latestTime;
    providers.setBehaviour('fmi', { status: 503, body: 'Service Unavailable' });
    const [weather] = await olo.server.services.weather.byIds([weatherId]);
    await olo.server.services.weather.fetchRecent(weather as NonNullable<typeof weather>);
    const failed = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    expect(failed.project.weathers[0]?.weather.lastError).toMatch(/FMI answered 503/);
    expect(failed.project.weathers[0]?.weather.latestTime).toBe(before);

    providers.reset();
    const [again] = await olo.server.services.weather.byIds([weatherId]);
    await olo.server.services.weather.fetchRecent(again as NonNullable<typeof again>);
    const recovered = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    expect(recovered.project.weathers[0]?.weather.lastError).toBeNull();
  });

  it("lets a space show its project's weather source only", async () => {
    const data = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    const weatherId = data.project.weathers[0]?.weatherId as number;
    const space = expectData(
      await admin.graphql<{ createSpace: { id: number } }>(
        `mutation C($input: CreateSpaceInput!) { createSpace(input: $input) { id } }`,
        { input: { projectId, name: 'Classroom' } },
      ),
    ).createSpace;
    const update = `mutation U($input: UpdateSpaceInput!) { updateSpace(input: $input) { weather weatherId weatherDatatype } }`;
    const shown = expectData(
      await admin.graphql(update, {
        input: { id: space.id, weather: true, weatherId, weatherDatatype: 'ExternalTemperature' },
      }),
    );
    expect(shown).toEqual({ updateSpace: { weather: true, weatherId, weatherDatatype: 'ExternalTemperature' } });
    const foreign = await admin.graphql(update, { input: { id: space.id, weatherId: weatherId + 1000 } });
    expect(foreign.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'weatherId', message: 'Not a weather source of this project' },
    ]);
  });

  it('shows a public link the weather only where a shown space shows it', async () => {
    const project = expectData(
      await admin.graphql<{ updateProject: { publicId: string } }>(
        `mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { publicId } }`,
        { input: { id: projectId, isPublic: true, showLive: true } },
      ),
    ).updateProject;
    const data = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    const outdoor = data.project.series.find((series) => series.weatherChannel === 'temperature');
    const publicProject = async () => {
      const visitor = new TestClient(olo.url);
      const body = expectData(
        await visitor.graphql<{
          projectByPublicId: {
            spaces: Array<{ name: string; weatherSeriesId: number | null }>;
            series: Array<{ id: number; spaceId: number | null }>;
          };
        }>(
          'query P($id: String!) { projectByPublicId(publicId: $id) { spaces { name weatherSeriesId } series { id spaceId } } }',
          { id: project.publicId },
        ),
      );
      return body.projectByPublicId;
    };
    const publicSeries = async () => (await publicProject()).series;
    // The classroom of the previous test shows the outdoor temperature: it names the series, which has no space.
    expect(await publicSeries()).toContainEqual({ id: outdoor?.id, spaceId: null });
    expect((await publicProject()).spaces).toContainEqual({ name: 'Classroom', weatherSeriesId: outdoor?.id });
    const spaces = expectData(
      await admin.graphql<{ project: { spaces: Array<{ id: number }> } }>(
        'query P($id: Int!) { project(id: $id) { spaces { id } } }',
        { id: projectId },
      ),
    ).project.spaces;
    for (const space of spaces) {
      expectData(
        await admin.graphql('mutation U($input: UpdateSpaceInput!) { updateSpace(input: $input) { id } }', {
          input: { id: space.id, weather: false },
        }),
      );
    }
    expect((await publicSeries()).map((series) => series.id)).not.toContain(outdoor?.id);
    expect((await publicProject()).spaces).toContainEqual({ name: 'Classroom', weatherSeriesId: null });
  });

  it('removes a source with its weather series; only project admins may', async () => {
    const data = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    const weatherId = data.project.weathers[0]?.weatherId as number;
    const remove = `mutation R($p: Int!, $w: Int!) { projectRemoveWeather(projectId: $p, weatherId: $w) }`;
    const refused = await stranger.graphql(remove, { p: projectId, w: weatherId });
    expect(refused.errors?.[0]?.message).toBe('Permission denied');
    expect(
      expectData(await admin.graphql<{ projectRemoveWeather: boolean }>(remove, { p: projectId, w: weatherId })),
    ).toEqual({
      projectRemoveWeather: true,
    });
    const after = expectData(await admin.graphql<ProjectWeather>(projectWeather, { id: projectId }));
    expect(after.project.weathers).toEqual([]);
    expect(after.project.series.filter((series) => series.weatherId !== null)).toEqual([]);
  });
});
