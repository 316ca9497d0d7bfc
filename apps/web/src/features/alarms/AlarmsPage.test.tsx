// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectPrivilege } from '../../graphql/generated.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswer, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { alarm, alarmsShell, duration, projectAlarms, triggered } from './testAlarms.ts';

// What the server does with alarms (evaluation, permissions, the preview's episodes) is tested against the real
// server: apps/server and e2e/alarms.spec.ts.

const viewer: ProjectPrivilege[] = ['view', 'viewAlarms', 'acknowledgeAlarms'];
const alarmAdmin: ProjectPrivilege[] = ['view', 'viewAlarms', 'acknowledgeAlarms', 'adminAlarms'];

function renderAlarms(privileges: ProjectPrivilege[], count: number, answers: GraphqlAnswers) {
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  const recorded = Object.fromEntries(
    Object.entries(answers).map(([name, answer]) => [
      name,
      (variables: Record<string, unknown>) => {
        sent.push({ name, variables });
        return answer(variables);
      },
    ]),
  );
  const view = renderApp({
    path: '/p/7/alarms',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: () => ({ data: { project: alarmsShell(privileges, count) } }),
      ...recorded,
    },
  });
  return { ...view, sent };
}

function rowTexts(): string[] {
  return within(screen.getByTestId('alarms-triggered'))
    .getAllByTestId('alarm-triggered')
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent ?? '');
}

describe('alarms page', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.restoreAllMocks();
    await cleanupApp();
  });

  it('lists triggered alarms unacknowledged first, then newest; acknowledging one lowers the count', async () => {
    const older = triggered('t1', '2026-03-01T08:00:00.000Z', 1250);
    const newer = triggered('t2', '2026-03-02T08:00:00.000Z', 1400, {
      endAt: '2026-03-02T09:30:00.000Z',
      peak: 1530,
    });
    const acknowledgedNewest = triggered('t3', '2026-03-03T08:00:00.000Z', 1310, { acknowledged: true });
    const { sent } = renderAlarms(viewer, 2, {
      ProjectAlarms: () => projectAlarms([alarm('a1', 'Ilmanlaatu')]),
      AlarmsTriggered: () => ({ data: { alarmsTriggered: [acknowledgedNewest, older, newer] } }),
      AcknowledgeAlarmsTriggered: ({ id, comment }) => ({
        data: {
          acknowledgeAlarmsTriggered: {
            ...(id === 't1' ? older : newer),
            acknowledged: true,
            acknowledgedAt: '2026-03-02T10:15:00.000Z',
            acknowledgementComment: comment,
            acknowledgedBy: { __typename: 'MemberUser', id: 'u1', username: 'anna', name: 'Anna Virtanen' },
          },
        },
      }),
    });
    await waitFor(() => expect(rowTexts()).toEqual(['1400 ppm', '1250 ppm', '1310 ppm']));
    const [first] = screen.getAllByTestId('alarm-triggered');
    if (!first) throw new Error('no rows');
    // Space › series, the time in the project's zone (Helsinki, UTC+2 in March), the end and the peak.
    expect(within(first).getByText('Luokka 201 › Hiilidioksidi')).toBeTruthy();
    expect(within(first).getByText('2.3.2026 klo 10.00')).toBeTruthy();
    expect(within(first).getByText('2.3.2026 klo 11.30')).toBeTruthy();
    expect(within(first).getByText('1530 ppm')).toBeTruthy();
    expect(screen.getByText('Kuittaamattomia hälytyksiä: 2')).toBeTruthy();
    expect(screen.getByTestId('alarms-tab-count').textContent).toBe('2');

    fireEvent.click(within(first).getByRole('button', { name: 'Kuittaa Ilmanlaatu, Luokka 201 › Hiilidioksidi' }));
    // A comment says what was done; too long a one is refused in Finnish and nothing is sent.
    const acknowledgement = await screen.findByRole('form', { name: 'Kuittaa Ilmanlaatu, Luokka 201 › Hiilidioksidi' });
    const comment = within(acknowledgement).getByLabelText('Kommentti');
    fireEvent.change(comment, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(acknowledgement).getByTestId('alarm-acknowledge-confirm'));
    expect(await within(acknowledgement).findByText('Liian pitkä')).toBeTruthy();
    expect(sent.map((item) => item.name)).not.toContain('AcknowledgeAlarmsTriggered');
    fireEvent.change(comment, { target: { value: ' Ikkunat avattu ' } });
    fireEvent.click(within(acknowledgement).getByTestId('alarm-acknowledge-confirm'));
    // The acknowledged ones follow, newest first, with who, when and the comment.
    await waitFor(() => expect(rowTexts()).toEqual(['1250 ppm', '1310 ppm', '1400 ppm']));
    expect(sent.filter((item) => item.name === 'AcknowledgeAlarmsTriggered')).toEqual([
      { name: 'AcknowledgeAlarmsTriggered', variables: { id: 't2', comment: 'Ikkunat avattu' } },
    ]);
    const done = screen.getAllByTestId('alarm-triggered')[2] as HTMLElement;
    expect(within(done).getByTestId('alarm-acknowledgement').textContent).toBe(
      'Kuitannut Anna Virtanen, 2.3.2026 klo 12.15Ikkunat avattu',
    );
    expect(screen.getByText('Kuittaamattomia hälytyksiä: 1')).toBeTruthy();
    expect(screen.getByTestId('alarms-tab-count').textContent).toBe('1');
  });

  it('acknowledges all, which takes the count and the tab badge to zero', async () => {
    let acknowledged = false;
    const items = () => [
      triggered('t1', '2026-03-01T08:00:00.000Z', 1250, { acknowledged }),
      triggered('t2', '2026-03-02T08:00:00.000Z', 1400, { acknowledged }),
    ];
    renderAlarms(viewer, 2, {
      ProjectAlarms: () => projectAlarms([alarm('a1', 'Ilmanlaatu')]),
      AlarmsTriggered: () => ({ data: { alarmsTriggered: items() } }),
      AcknowledgeAllAlarmsTriggered: () => {
        acknowledged = true;
        return { data: { acknowledgeAllAlarmsTriggered: 2 } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Kuittaa kaikki' }));
    expect(await screen.findByText('Kuittaamattomia hälytyksiä: 0')).toBeTruthy();
    expect(screen.queryByTestId('alarms-tab-count')).toBeNull();
    await waitFor(() =>
      expect(screen.getAllByTestId('alarm-triggered').map((row) => row.getAttribute('data-acknowledged'))).toEqual([
        'true',
        'true',
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Kuittaa kaikki' })).toBeNull();
  });

  it('shows a newly triggered alarm when the server pushes the project, without a reload', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    let items = [triggered('t1', '2026-03-01T08:00:00.000Z', 1250)];
    renderAlarms(viewer, 1, {
      ProjectAlarms: () => projectAlarms([alarm('a1', 'Ilmanlaatu')]),
      AlarmsTriggered: () => ({ data: { alarmsTriggered: items } }),
      ProjectUpdated: () => pushes,
    });
    await waitFor(() => expect(rowTexts()).toEqual(['1250 ppm']));
    items = [triggered('t9', '2026-03-04T08:00:00.000Z', 1700), ...items];
    pushes.next({ data: { projectUpdated: alarmsShell(viewer, 2) } });
    await waitFor(() => expect(rowTexts()).toEqual(['1700 ppm', '1250 ppm']));
    expect(screen.getByText('Kuittaamattomia hälytyksiä: 2')).toBeTruthy();
  });

  it('shows no acknowledge buttons to a viewer without the right', async () => {
    renderAlarms(['view', 'viewAlarms'], 1, {
      ProjectAlarms: () => projectAlarms([alarm('a1', 'Ilmanlaatu')]),
      AlarmsTriggered: () => ({ data: { alarmsTriggered: [triggered('t1', '2026-03-01T08:00:00.000Z', 1250)] } }),
    });
    await waitFor(() => expect(rowTexts()).toEqual(['1250 ppm']));
    expect(screen.getByText('Kuittaamatta')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Kuittaa/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Uusi hälytys' })).toBeNull();
  });

  it('describes each alarm: its range, duration in words, watched series and actions', async () => {
    renderAlarms(alarmAdmin, 0, {
      ProjectAlarms: () =>
        projectAlarms([
          alarm('a1', 'Ilmanlaatu', {
            inside: false,
            range: {
              __typename: 'AlarmRange',
              start: null,
              end: { __typename: 'AlarmBound', value: 1200, inclusive: true },
            },
            duration: duration({ days: 2 }),
            alarmsActions: [
              {
                __typename: 'AlarmsAction',
                id: 'x1',
                type: 'email',
                email: 'huolto@example.com',
                sms: null,
                webhook: null,
                user: null,
              },
            ],
          }),
        ]),
      AlarmsTriggered: () => ({ data: { alarmsTriggered: [] } }),
    });
    const item = await screen.findByRole('article', { name: 'Ilmanlaatu' });
    // Stored as outside "≤ 1 200": read as the words the editor offers.
    expect(within(item).getByTestId('alarm-range').textContent).toBe('yli 1\u00a0200 ppm');
    expect(within(item).getByText('Kesto: 2 päivää · Valvottuja sarjoja: 1 · Toimintoja: 1')).toBeTruthy();
    expect(within(item).getByTestId('alarm-summary').textContent).toBe(
      'Laukeaa, kun CO2 on yli 1\u00a0200 ppm yhtäjaksoisesti 2 päivää.',
    );
    expect(within(item).getByRole('button', { name: 'Muokkaa: Ilmanlaatu' })).toBeTruthy();
  });

  it('describes an active-limit alarm by the limits its series follow, outside their normal range', async () => {
    renderAlarms(alarmAdmin, 0, {
      // Saved as an inside alarm before the box was ticked: an active-limit alarm is about leaving the range anyway.
      ProjectAlarms: () => projectAlarms([alarm('a1', 'Normaalialue', { activeLimit: true, inside: true })]),
      AlarmsTriggered: () => ({ data: { alarmsTriggered: [] } }),
    });
    const item = await screen.findByRole('article', { name: 'Normaalialue' });
    expect(within(item).getByTestId('alarm-range').textContent).toBe('raja-arvon CO2 S2 normaalialue');
    expect(within(item).getByText('ulkopuolella')).toBeTruthy();
    expect(within(item).getByTestId('alarm-summary').textContent).toBe(
      'Laukeaa ensimmäisestä mittauksesta raja-arvon CO2 S2 normaalialueen ulkopuolella.',
    );
  });

  it('the editor of an active-limit alarm lists the limit each series follows instead of a range', async () => {
    const { sent } = renderAlarms(alarmAdmin, 0, {
      ProjectAlarms: () => projectAlarms([]),
      AlarmsTriggered: () => ({ data: { alarmsTriggered: [] } }),
      AlarmPreview: () => ({ data: { alarmPreview: [] } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Uusi hälytys' }));
    const editor = await screen.findByTestId('alarm-editor');
    fireEvent.change(within(editor).getByLabelText(/^Nimi/), { target: { value: 'Normaalialue' } });
    fireEvent.click(within(editor).getByLabelText('Hiilidioksidi (ppm)'));
    fireEvent.click(within(editor).getByLabelText('Lämpötila (°C)'));
    fireEvent.click(within(editor).getByLabelText('välin ulkopuolella'));
    fireEvent.click(within(editor).getByLabelText('Käytä välinä kunkin sarjan raja-arvojen normaalialuetta'));
    expect(within(editor).queryByLabelText('Alaraja')).toBeNull();
    const followed = within(within(editor).getByTestId('alarm-followed-limits')).getAllByRole('listitem');
    expect(followed.map((item) => item.textContent)).toEqual([
      'Luokka 201 › Hiilidioksidi: CO2 S2 (≤ 950 ppm)',
      'Luokka 201 › Lämpötila: ei raja-arvoa, jolla on normaalialue: hälytys ei valvo tätä sarjaa',
    ]);
    expect(within(editor).getByTestId('alarm-editor-summary').textContent).toBe(
      'Laukeaa ensimmäisestä mittauksesta raja-arvon CO2 S2 normaalialueen ulkopuolella.',
    );
    await waitFor(() => expect(sent.map((item) => item.name)).toContain('AlarmPreview'));
    const preview = sent.find((item) => item.name === 'AlarmPreview')?.variables as { input: { rule: unknown } };
    expect(preview.input.rule).toMatchObject({ activeLimit: true, inside: false, start: null, end: null });
  });

  it('the editor says in Finnish when the range is reversed, and previews how often a valid rule would have fired', async () => {
    const { sent } = renderAlarms(alarmAdmin, 0, {
      ProjectAlarms: () => projectAlarms([]),
      AlarmsTriggered: () => ({ data: { alarmsTriggered: [] } }),
      AlarmPreview: () => ({
        data: {
          alarmPreview: [
            {
              __typename: 'AlarmPreviewEpisode',
              seriesId: 11,
              time: '2026-03-03T08:00:00.000Z',
              endAt: null,
              data: 1300,
              peak: null,
            },
            {
              __typename: 'AlarmPreviewEpisode',
              seriesId: 11,
              time: '2026-03-02T08:00:00.000Z',
              endAt: '2026-03-02T09:00:00.000Z',
              data: 1250,
              peak: 1420,
            },
            {
              __typename: 'AlarmPreviewEpisode',
              seriesId: 11,
              time: '2026-03-01T08:00:00.000Z',
              endAt: '2026-03-01T08:30:00.000Z',
              data: 1210,
              peak: 1230,
            },
          ],
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Uusi hälytys' }));
    const editor = await screen.findByTestId('alarm-editor');
    fireEvent.click(within(editor).getByLabelText('Hiilidioksidi (ppm)'));
    // Above, with nothing typed yet: the sentence is there from the start.
    expect(within(editor).getByTestId('alarm-editor-summary').textContent).toBe('Laukeaa, kun CO2 on yli … ppm.');
    fireEvent.click(within(editor).getByLabelText('välillä'));
    fireEvent.change(within(editor).getByLabelText('Alaraja'), { target: { value: '1 000' } });
    fireEvent.change(within(editor).getByLabelText('Yläraja'), { target: { value: '900' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Luo hälytys' }));
    // Both at once: a missing name does not hide the reversed range.
    expect(await within(editor).findByText('Väli päättyy ennen kuin se alkaa')).toBeTruthy();
    expect(within(editor).getByText('Pakollinen tieto')).toBeTruthy();
    expect(within(editor).getByLabelText('Yläraja').getAttribute('aria-invalid')).toBe('true');
    expect(sent.map((item) => item.name)).not.toContain('CreateAlarm');

    fireEvent.change(within(editor).getByLabelText(/^Nimi/), { target: { value: 'Ilmanlaatu' } });

    // Above 1 000: the value typed is where the alarm starts, not a range it stays inside.
    fireEvent.click(within(editor).getByLabelText('yli'));
    fireEvent.change(within(editor).getByLabelText('Hälytysraja'), { target: { value: '1 000' } });
    fireEvent.change(within(editor).getByLabelText('Kesto'), { target: { value: '15' } });
    expect(within(editor).getByTestId('alarm-editor-summary').textContent).toBe(
      'Laukeaa, kun CO2 on yli 1\u00a0000 ppm yhtäjaksoisesti 15 minuuttia.',
    );
    expect((await within(editor).findByTestId('alarm-preview-count')).textContent).toBe(
      'Olisi lauennut 3 kertaa viimeisen 30 päivän aikana.',
    );
    expect(within(within(editor).getByTestId('alarm-preview-episodes')).getAllByRole('listitem')).toHaveLength(3);
    // Debounced: one question for the rule as it stood, not one per keystroke.
    const previews = sent.filter((item) => item.name === 'AlarmPreview');
    expect(previews).toHaveLength(1);
    expect(previews[0]?.variables).toEqual({
      input: {
        projectId: 7,
        seriesIds: [11],
        rule: {
          name: 'Ilmanlaatu',
          dataType: 'CO2',
          inside: false,
          start: null,
          end: { value: 1000, inclusive: true },
          duration: { years: 0, months: 0, days: 0, hours: 0, minutes: 15, seconds: 0 },
          repeatAfter: null,
          missingAfter: null,
          hysteresis: null,
          activeLimit: false,
        },
      },
    });
  });
});
