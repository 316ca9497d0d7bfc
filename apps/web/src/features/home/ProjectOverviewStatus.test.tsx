// @vitest-environment jsdom

import { screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectPrivilege } from '../../graphql/generated.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswer, renderApp } from '../../testing/renderApp.tsx';
import { alarmsShell, triggered } from '../alarms/testAlarms.ts';
import { liveSerie, liveSpace, minutesAgo, seriesLatest } from '../live/testLive.ts';

function statusAnswer(): GraphqlAnswer {
  return {
    data: {
      project: {
        __typename: 'Project',
        id: 7,
        alarmsTriggeredCount: 1,
        state: {
          __typename: 'ProjectState',
          online: true,
          metersOnline: 2,
          metersTotal: 2,
          latestReadingAt: minutesAgo(1),
          offlineAt: null,
        },
        trends: [],
        spaces: [liveSpace(1, 'Luokka 201')],
        series: [liveSerie(11, 1, 'Hiilidioksidi', 'CO2', 'ppm')],
        seriesLatests: [seriesLatest(11, 1300)],
      },
    },
  };
}

/** The overview of project 7; `status` stands for the server's answer to the status (a Subject: it comes later). */
function renderOverview(
  privileges: ProjectPrivilege[],
  status: () => GraphqlAnswer | Subject<GraphqlAnswer> = statusAnswer,
) {
  return renderApp({
    path: '/p/7',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: () => ({ data: { project: alarmsShell(privileges, 1) } }),
      ProjectStatus: status,
      AlarmsTriggered: () => ({
        data: {
          alarmsTriggered: [
            triggered('t1', '2026-11-20T08:00:00.000Z', 1250),
            triggered('t2', '2026-11-19T08:00:00.000Z', 1100, { endAt: '2026-11-19T09:00:00.000Z' }),
          ],
        },
      }),
    },
  });
}

describe("the project overview's status", () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('heads the overview with meters online, values and the open alarms for viewers who may see alarms', async () => {
    renderOverview(['view', 'viewAlarms']);
    const status = await screen.findByTestId('project-status');
    expect(within(status).getByTestId('project-online').textContent).toContain('2 / 2 mittaria yhteydessä');
    expect((await within(status).findByTestId('status-value')).textContent).toBe('1300 ppm');
    const open = await screen.findAllByTestId('open-alarm');
    // The ended episode is not open.
    expect(open).toHaveLength(1);
    expect(open[0]?.textContent).toContain('Ilmanlaatu');
    expect(open[0]?.textContent).toContain('Luokka 201 › Hiilidioksidi');
    expect(open[0]?.textContent).toContain('1250 ppm');
    expect(screen.getByRole('link', { name: 'Kaikki hälytykset' }).getAttribute('href')).toBe('/p/7/alarms');
  });

  it('holds the status card with a skeleton while the status loads, which then makes way for it', async () => {
    const answer = new Subject<GraphqlAnswer>();
    renderOverview(['view'], () => answer);
    const skeleton = await screen.findByTestId('project-status-loading');
    // One "loading" for screen readers, not a silent empty space.
    expect(skeleton.getAttribute('role')).toBe('status');
    expect(skeleton.getAttribute('aria-label')).toBe('Ladataan');
    expect(screen.queryByTestId('project-status')).toBeNull();
    answer.next(statusAnswer());
    answer.complete();
    const status = await screen.findByTestId('project-status');
    expect(within(status).getByTestId('project-online').textContent).toContain('2 / 2 mittaria yhteydessä');
    await waitFor(() => expect(screen.queryByTestId('project-status-loading')).toBeNull());
  });

  it('lists no alarms to a viewer who may not see them', async () => {
    const { operations } = renderOverview(['view']);
    await screen.findByTestId('project-status');
    expect(screen.queryByTestId('open-alarms')).toBeNull();
    expect(operations).not.toContain('AlarmsTriggered');
  });
});
