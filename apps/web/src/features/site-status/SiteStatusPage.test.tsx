// @vitest-environment jsdom

import { screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteStatusFieldsFragment } from '../../graphql/generated.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswer, renderApp } from '../../testing/renderApp.tsx';
import { healthFindings, healthLevel, minuteSeries } from './siteStatusHealth.ts';

const now = Date.now();
const ago = (ms: number) => new Date(now - ms).toISOString();
const minuteAgo = (minutes: number) => new Date(Math.floor(now / 60_000) * 60_000 - minutes * 60_000).toISOString();

function healthyStatus(): SiteStatusFieldsFragment & { __typename: 'SiteStatus' } {
  return {
    __typename: 'SiteStatus',
    generatedAt: new Date(now).toISOString(),
    ingestMinutes: [
      { minute: minuteAgo(2), uplinks: 3, values: 9 },
      { minute: minuteAgo(0), uplinks: 2, values: 6 },
    ],
    refusals: [],
    jobs: [
      {
        name: 'alarms.notify',
        due: 0,
        later: 0,
        running: 0,
        retrying: 0,
        gaveUp: 0,
        doneLastHour: 4,
      },
    ],
    alarmDeliveries: [{ key: 'sent', count: 4 }],
    pdf: {
      since: ago(3_600_000),
      renders: 2,
      failures: 0,
      meanSeconds: 1.5,
      maxSeconds: 2,
    },
    database: { sizeBytes: 52_428_800, readingsLastDay: 1200 },
    broker: { kind: 'embedded', up: true, clients: 3 },
    computers: [
      {
        id: 1,
        name: 'olo-1',
        hostname: 'host-1',
        startedAt: ago(86_400_000),
        lastSeenAt: ago(30_000),
      },
    ],
    meterHealth: [
      {
        organizationId: 'org-1',
        organizationName: 'Olo Demo',
        summary: {
          batteryLow: 0,
          batteryMedium: 0,
          lowVoltage: 0,
          missing: 0,
          systemErrors: 0,
          systemErrorsMeter: 0,
        },
      },
    ],
    weathers: [
      {
        id: 7,
        stationName: 'Helsinki Kaisaniemi',
        provider: 'fmi',
        latestTime: ago(600_000),
        lastError: null,
        lastErrorAt: null,
      },
    ],
    systemErrors: { ofNoMeter: 0, ofMeters: 0, newestAt: null },
  };
}

describe('site status health', () => {
  it('is green when nothing needs a look', () => {
    expect(healthFindings(healthyStatus(), now)).toEqual([]);
  });

  it('is red when alarm notifications fail or the broker is down, amber for things worth a look, worst first', () => {
    const status = healthyStatus();
    status.alarmDeliveries = [{ key: 'failed', count: 2 }];
    status.computers = [
      { ...(status.computers[0] as SiteStatusFieldsFragment['computers'][0]), lastSeenAt: ago(600_000) },
    ];
    status.refusals = [{ key: 'ingest.malformed', count: 5 }];
    const findings = healthFindings(status, now);
    expect(healthLevel(findings)).toBe('red');
    expect(findings.map((finding) => finding.text)).toEqual([
      'Alarm notifications failed in the last hour: {{count}}',
      'Instances without a heartbeat: {{names}}',
      'Uplinks refused in the last hour: {{count}}',
    ]);
    expect(healthLevel(healthFindings({ ...healthyStatus(), refusals: status.refusals }, now))).toBe('amber');
  });

  it('fills the hour with empty minutes', () => {
    const status = healthyStatus();
    const minutes = minuteSeries(status.ingestMinutes, status.generatedAt);
    expect(minutes).toHaveLength(60);
    expect(minutes.map((minute) => minute.uplinks).slice(-3)).toEqual([3, 0, 2]);
  });
});

describe('/admin/status-dash', { timeout: 30_000 }, () => {
  afterEach(() => cleanupApp());

  it('shows the health first and follows pushed snapshots', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    const { operations } = renderApp({
      path: '/admin/status-dash',
      graphql: {
        CurrentUser: () => ({ data: { currentUser: signedInUser({ isAdmin: true }) } }),
        SiteStatus: () => ({ data: { siteStatus: healthyStatus() } }),
        SiteStatusUpdated: () => pushes,
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sivuston tila' })).toBeTruthy();
    const health = await screen.findByTestId('site-health');
    expect(health.getAttribute('data-level')).toBe('green');
    expect(within(health).getByText('Kaikki kunnossa')).toBeTruthy();
    expect(screen.getByTestId('status-uplinks-hour').textContent).toBe('Viestejä: 5');
    expect(screen.getByRole('link', { name: 'Avaa järjestelmävirheet' }).getAttribute('href')).toBe('/errors');
    expect(screen.getByText('Olo Demo')).toBeTruthy();
    expect(screen.getByText('Helsinki Kaisaniemi (FMI)')).toBeTruthy();

    await waitFor(() => expect(operations).toContain('SiteStatusUpdated'));
    const pushed = healthyStatus();
    pushed.ingestMinutes = [...pushed.ingestMinutes.slice(0, 1), { minute: minuteAgo(0), uplinks: 3, values: 9 }];
    pushed.broker = { ...pushed.broker, up: false };
    pushes.next({ data: { siteStatusUpdated: pushed } });
    await waitFor(() => expect(screen.getByTestId('status-uplinks-hour').textContent).toBe('Viestejä: 6'));
    expect(screen.getByTestId('site-health').getAttribute('data-level')).toBe('red');
    expect(screen.getByText('MQTT-välittäjä ei ole käytössä')).toBeTruthy();
  });

  it('is refused to a user who is not a site admin', async () => {
    const { operations } = renderApp({
      path: '/admin/status-dash',
      graphql: { CurrentUser: () => ({ data: { currentUser: signedInUser() } }) },
    });
    expect(await screen.findByText('Sinulla ei ole oikeutta tälle sivulle.')).toBeTruthy();
    expect(operations).not.toContain('SiteStatus');
  });
});
