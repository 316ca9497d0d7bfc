import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { alarmErrors } from '@olo/shared';
import pino from 'pino';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../channels/mail/mailer.ts';
import { createSmsGateway } from '../../channels/sms/sms-gateway.ts';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { type ReceivedMail, startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { JobsRepository } from '../jobs/jobs.repository.ts';
import { JobQueue } from '../jobs/jobs.service.ts';
import { AlarmEngineRepository } from './alarm-engine.repository.ts';
import { type AlarmOutcome, evaluateAlarmsOnValues } from './alarm-engine.ts';
import { AlarmNotificationsRepository, deliveryRecordRefreshSeconds } from './alarm-notifications.repository.ts';
import {
  AlarmNotifications,
  type AlarmNotificationsDeps,
  type AlarmWebhookBody,
  alarmDeliveryMaxAttempts,
  alarmRetryDelayMs,
} from './alarm-notifications.ts';

const minute = 60_000;
const t0 = Date.parse('2026-11-02T08:00:00Z');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one delivery as the queue runs a retry whose `attempt` is the delivery's overall attempt:
 * its result, undefined when settled.
 */
function deliverNow(notifications: AlarmNotifications, payload: object, attempt: number) {
  const job = { id: 0, attempt: 1, runAt: new Date() };
  const retry = notifications.deliverJob.payload.parse({ ...payload, previousAttempts: attempt - 1 });
  return notifications.deliverJob.handleBatch?.([{ payload: retry, job }]) as Promise<Array<Error | undefined>>;
}

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * An HTTP receiver on loopback (a webhook target, or the SMS gateway): keeps each request and
 * answers with the next of `statuses` (then 200). `beforeAnswer` runs before each answer.
 */
async function startReceiver() {
  const requests: Received[] = [];
  const receiver = {
    requests,
    statuses: [] as number[],
    beforeAnswer: async (_request: Received) => {},
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(received);
      await receiver.beforeAnswer(received);
      response.writeHead(receiver.statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await sleep(25);
  }
}

describe.each(testDatabases)('alarm notifications on %s', (kind) => {
  let olo: TestServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let webhook: Awaited<ReturnType<typeof startReceiver>>;
  let gateway: Awaited<ReturnType<typeof startReceiver>>;
  let queue: JobQueue;
  let notifications: AlarmNotifications;
  let deps: AlarmNotificationsDeps;
  let projectId: number;
  let spaceId: number;
  const sql = () => olo.server.database.sql;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    webhook = await startReceiver();
    gateway = await startReceiver();
    olo = await startTestServer(kind, {
      SMTP_URL: inbox.url,
      PUBLIC_URL: 'https://olo.example',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SMS_URL: `${gateway.url}/send`,
      SMS_TOKEN: 'sms-token',
    });
    // Retries in milliseconds: the server's queue stops and this suite's runs the same jobs, with
    // notifications whose first retry waits 20 ms instead of 30 s.
    await olo.server.services.jobs.close();
    const logger = pino({ level: 'silent' });
    queue = new JobQueue(new JobsRepository(sql()), logger, { pollMs: 50, concurrency: 4, leaseMs: 60_000 });
    deps = {
      repository: new AlarmNotificationsRepository(sql()),
      jobs: queue,
      mailer: createMailer({
        smtpUrl: inbox.url,
        from: 'Olo <no-reply@olo.example>',
        mailDir: path.join(olo.server.config.dataDir, 'mail'),
        logger,
      }),
      sms: createSmsGateway({ url: `${gateway.url}/send`, token: 'sms-token', log: () => {} }),
      logger,
      publicUrl: 'https://olo.example',
      siteName: 'Olo',
      allowPrivateWebhooks: true,
      mayReceiveAlarms: (userId, projectId) => olo.server.services.access.mayReceiveAlarms(userId, projectId),
      retryBaseDelayMs: 20,
    };
    notifications = new AlarmNotifications(deps);
    queue.define(notifications.notifyJob, notifications.deliverJob);
    await queue.start();

    const { client } = await signedInClient(olo.url);
    const organization = await createOrganization(client);
    projectId = (await createProject(client, organization.id, { name: 'Koulu' })).id;
    // A clock far from the server's and UTC's, so that a time in the mail shows whose clock it is on.
    await sql()`update projects set time_zone = 'America/New_York' where id = ${projectId}`;
    const [space] = await sql()<Array<{ id: number }>>`
      insert into spaces (project_id, name) values (${projectId}, 'Luokka 101') returning id`;
    spaceId = space?.id as number;
  });
  afterAll(async () => {
    await queue?.close();
    deps?.mailer.close();
    await olo?.close();
    await inbox?.close();
    await webhook?.close();
    await gateway?.close();
  });

  type Action = Partial<{
    name: string;
    type: string;
    email: string;
    sms: string;
    webhook: string;
    userId: string;
    secret: string;
    triggerAtEnd: boolean;
    active: boolean;
  }>;

  /** An alarm over 25 °C (from the first reading) on a series of its own, with `actions`; their ids in order. */
  async function alarmWith(name: string, actions: Action[]) {
    const [series] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, space_id, name, data_type, data_unit)
      values (${projectId}, ${spaceId}, 'Lämpötila', 'Temperature', '°C') returning id`;
    const seriesId = series?.id as number;
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, ${name}, 25) returning id`;
    const alarmId = alarm?.id as string;
    await sql()`insert into alarms_series (alarm_id, series_id) values (${alarmId}, ${seriesId})`;
    const actionIds: string[] = [];
    for (const action of actions) {
      const [row] = await sql()<Array<{ id: string }>>`
        insert into alarms_actions (alarm_id, name, type, active, trigger_at_end, email, sms, webhook, user_id, secret)
        values (${alarmId}, ${action.name ?? ''}, ${action.type ?? 'email'}, ${action.active ?? true},
                ${action.triggerAtEnd ?? false}, ${action.email ?? null}, ${action.sms ?? null},
                ${action.webhook ?? null}, ${action.userId ?? null}, ${action.secret ?? null})
        returning id`;
      actionIds.push(row?.id as string);
    }
    return { alarmId, seriesId, actionIds };
  }

  /** Values [minutes after t0, value] stored as the ingest does: evaluated and their notifications queued in one transaction. */
  async function store(seriesId: number, values: Array<[number, number]>, enqueue = true): Promise<AlarmOutcome[]> {
    const outcomes = await sql().begin(async (tx) => {
      const found = await evaluateAlarmsOnValues(
        new AlarmEngineRepository(sql()),
        tx,
        values.map(([at, value]) => ({ seriesId, time: new Date(t0 + at * minute), value })),
      );
      if (enqueue) await olo.server.services.alarmNotifications.enqueueOutcomes(tx, found);
      return found;
    });
    queue.lookNow();
    return outcomes;
  }

  /** Makes the user a member of the project with the given rights. */
  async function joinProject(userId: string, rights: { canViewAlarms?: boolean } = {}) {
    await sql()`
      insert into project_memberships (project_id, user_id, can_view_alarms)
      values (${projectId}, ${userId}, ${rights.canViewAlarms ?? false})`;
  }

  const delivery = async (actionId: string) => {
    const [row] = await sql()<Array<{ status: string | null; error: string | null; at: Date | null }>>`
      select delivery_status as status, delivery_error as error, delivery_at as at from alarms_actions where id = ${actionId}`;
    return row as { status: string | null; error: string | null; at: Date | null };
  };
  const isAlarmMail = (alarm: string) => (mail: ReceivedMail) => mail.subject.includes(alarm);
  const mailsAbout = (alarm: string) => inbox.mails.filter(isAlarmMail(alarm));
  const payloadOf = (outcome: AlarmOutcome, actionId: string) => ({
    actionId,
    triggeredId: outcome.triggeredId,
    event: {
      kind: outcome.event.kind,
      time: outcome.event.time,
      value: outcome.event.value,
      startedAt: null,
      peak: null,
      lastedMs: null,
      missingData: false,
    },
  });

  it('mails each recipient in their language with the values and times on the project clock; an end only to those who asked', async () => {
    const { account: swede } = await signedInClient(olo.url, { language: 'sv' });
    const { account: english } = await signedInClient(olo.url, { language: 'en' });
    await joinProject(swede.id, { canViewAlarms: true });
    const stranger = `nobody-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const { seriesId, actionIds } = await alarmWith('Liian lämmin', [
      { type: 'user', userId: swede.id, triggerAtEnd: true },
      // A plain address of a user: that user's language.
      { type: 'email', email: english.email.toUpperCase() },
      // An address nobody has: the site's default, Finnish.
      { type: 'email', email: stranger },
      { type: 'email', email: 'switched-off@example.com', active: false },
    ]);

    await store(seriesId, [[0, 27.04]]);
    const swedish = await inbox.waitFor(swede.email, isAlarmMail('Liian lämmin'));
    expect(swedish.subject).toBe('Olo: larm Liian lämmin – Luokka 101 / Lämpötila');
    expect(swedish.text).toContain('Larmet "Liian lämmin" utlöstes.');
    expect(swedish.text).toContain('Projekt: Koulu');
    expect(swedish.text).toContain('Utrymme: Luokka 101');
    expect(swedish.text).toContain('Serie: Lämpötila');
    expect(swedish.text).toContain('Värde: 27,0 °C');
    // 08:00 UTC is 03:00 in New York.
    expect(swedish.text).toContain('Tid: 2.11.2026 03.00');
    expect(swedish.text).toContain(`https://olo.example/p/${projectId}/alarms`);
    const inEnglish = await inbox.waitFor(english.email, isAlarmMail('Liian lämmin'));
    expect(inEnglish.subject).toBe('Olo: alarm Liian lämmin – Luokka 101 / Lämpötila');
    expect(inEnglish.text).toContain('Value: 27.0 °C');
    expect(inEnglish.text).toContain('Time: 02/11/2026, 03:00');
    const finnish = await inbox.waitFor(stranger, isAlarmMail('Liian lämmin'));
    expect(finnish.text).toContain('Hälytys "Liian lämmin" laukesi.');
    expect(finnish.text).toContain('Arvo: 27,0 °C');
    expect(finnish.text).toContain('Aika: 2.11.2026 klo 03.00');
    await until(
      () => delivery(actionIds[2] as string),
      (state) => state.status === 'sent',
    );
    expect(await delivery(actionIds[3] as string)).toMatchObject({ status: null });

    // Back under the bound 70 minutes later: only the action with triggerAtEnd hears of it.
    await store(seriesId, [
      [30, 29.5],
      [70, 24],
    ]);
    const ended = await inbox.waitFor(swede.email, (mail) => mail.subject.includes('larmet upphörde'));
    expect(ended.text).toContain('Larmet "Liian lämmin" upphörde.');
    expect(ended.text).toContain('Tid: 2.11.2026 04.10');
    expect(ended.text).toContain('Började: 2.11.2026 03.00');
    expect(ended.text).toContain('Varaktighet: 1 h 10 min');
    expect(ended.text).toContain('Toppvärde: 29,5 °C');
    await sleep(300);
    expect(mailsAbout('Liian lämmin').map((mail) => [mail.to[0], mail.subject.split(' Liian')[0]])).toEqual(
      expect.arrayContaining([[swede.email.toLowerCase(), 'Olo: larmet upphörde']]),
    );
    expect(mailsAbout('Liian lämmin')).toHaveLength(4);
    expect(inbox.mails.filter((mail) => mail.to.includes('switched-off@example.com'))).toHaveLength(0);
  });

  it("stops mailing a member who may no longer see the project's alarms, and records why", async () => {
    const { account: watcher } = await signedInClient(olo.url);
    const { account: bystander } = await signedInClient(olo.url);
    await joinProject(watcher.id, { canViewAlarms: true });
    // A member without the right to see alarms, and a user of the site outside the project (as an
    // action saved before the rule, or written straight into the table, could name).
    const { account: outsider } = await signedInClient(olo.url);
    await joinProject(bystander.id);
    const { seriesId, actionIds } = await alarmWith('Oikeudet', [
      { type: 'user', userId: watcher.id, triggerAtEnd: true },
      { type: 'user', userId: bystander.id },
      { type: 'user', userId: outsider.id },
    ]);
    await store(seriesId, [[0, 30]]);
    await inbox.waitFor(watcher.email, isAlarmMail('Oikeudet'));
    for (const actionId of actionIds.slice(1)) {
      expect(
        await until(
          () => delivery(actionId),
          (state) => state.status !== null,
        ),
      ).toMatchObject({
        status: 'failed',
        error: alarmErrors.userLostAlarmAccess,
      });
    }

    // The watcher leaves the project: the end of the episode is not mailed to them.
    await sql()`delete from project_memberships where project_id = ${projectId} and user_id = ${watcher.id}`;
    await store(seriesId, [[10, 20]]);
    expect(
      await until(
        () => delivery(actionIds[0] as string),
        (state) => state.status === 'failed',
      ),
    ).toMatchObject({ error: alarmErrors.userLostAlarmAccess });
    await sleep(300);
    const mailed = inbox.mails.filter(isAlarmMail('Oikeudet')).map((mail) => mail.to[0]);
    expect(mailed).toEqual([watcher.email.toLowerCase()]);
    expect(await notifications.sendTest(actionIds[0] as string)).toEqual({
      status: 'failed',
      error: alarmErrors.userLostAlarmAccess,
    });
  });

  it('posts a signed webhook, retrying after failed answers until it is delivered', async () => {
    const secret = crypto.randomBytes(16).toString('hex');
    const { alarmId, seriesId, actionIds } = await alarmWith('Webhook-hälytys', [
      { type: 'webhook', webhook: `${webhook.url}/hooks/olo?x=1`, secret },
    ]);
    const actionId = actionIds[0] as string;
    const statesSeen: Array<string | null> = [];
    webhook.requests.length = 0;
    webhook.statuses = [500, 500];
    webhook.beforeAnswer = async () => {
      statesSeen.push((await delivery(actionId)).status);
    };

    const [outcome] = await store(seriesId, [[5, 26.25]]);
    await until(
      () => webhook.requests.length,
      (count) => count >= 3,
    );
    const sent = await until(
      () => delivery(actionId),
      (state) => state.status === 'sent',
    );
    expect(sent.error).toBeNull();
    // Before the first answer nothing was recorded; after each 500, retrying.
    expect(statesSeen).toEqual([null, 'retrying', 'retrying']);
    await sleep(200);
    expect(webhook.requests).toHaveLength(3);

    const { headers, body } = webhook.requests[2] as Received;
    expect(headers['content-type']).toBe('application/json');
    const expected = `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
    expect(headers['x-olo-signature']).toBe(expected);
    expect(webhook.requests.every((request) => request.body === body)).toBe(true);
    expect(JSON.parse(body)).toEqual({
      event: 'triggered',
      missingData: false,
      alarm: { id: alarmId, name: 'Webhook-hälytys' },
      project: { id: projectId, name: 'Koulu' },
      space: { id: spaceId, name: 'Luokka 101' },
      series: { id: seriesId, name: 'Lämpötila', dataType: 'Temperature', unit: '°C' },
      value: 26.25,
      time: '2026-11-02T08:05:00.000Z',
      startedAt: '2026-11-02T08:05:00.000Z',
      endAt: null,
      peak: null,
      lastedSeconds: null,
      triggeredId: outcome?.triggeredId as string,
      url: `https://olo.example/p/${projectId}/alarms`,
    } satisfies AlarmWebhookBody);
    webhook.beforeAnswer = async () => {};

    // The last attempt failing gives up: failed, with the answer as the error, rethrown for the queue.
    webhook.statuses = [503];
    const [lastError] = await deliverNow(
      notifications,
      payloadOf(outcome as AlarmOutcome, actionId),
      alarmDeliveryMaxAttempts,
    );
    expect(lastError?.message).toBe('The webhook answered 503');
    expect(await delivery(actionId)).toMatchObject({ status: 'failed', error: 'The webhook answered 503' });
  });

  it('retries only the delivery that failed of a batch that notified several actions', async () => {
    const address = `together-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const { seriesId, actionIds } = await alarmWith('Yhdessä', [
      { type: 'email', email: address },
      { type: 'webhook', webhook: `${webhook.url}/hooks/together`, secret: 's' },
    ]);
    webhook.requests.length = 0;
    webhook.statuses = [503];
    const [outcome] = await store(seriesId, [[0, 27]]);
    await until(
      () => delivery(actionIds[1] as string),
      (state) => state.status === 'sent',
    );
    await inbox.waitFor(address, isAlarmMail('Yhdessä'));
    await sleep(300);
    expect(mailsAbout('Yhdessä')).toHaveLength(1);
    expect(webhook.requests.filter((request) => request.body.includes('Yhdessä'))).toHaveLength(2);
    // The webhook went on as its own job, keyed per episode, action, kind and time; the mail did not.
    const retried = await sql()<Array<{ key: string; attempts: number }>>`
      select key, attempts from jobs where name = 'alarms.deliver' and payload->>'triggeredId' = ${outcome?.triggeredId as string}`;
    expect(retried).toEqual([{ key: `alarm:${outcome?.triggeredId}:${actionIds[1]}:triggered:${t0}`, attempts: 1 }]);
  });

  it('refuses a webhook to a private address unless allowed, failing at once without a retry', async () => {
    const strict = new AlarmNotifications({ ...deps, allowPrivateWebhooks: false });
    const port = new URL(webhook.url).port;
    const { seriesId, actionIds } = await alarmWith('Yksityinen', [
      // A name that resolves to loopback, and a loopback literal.
      { type: 'webhook', webhook: `http://localhost:${port}/hook`, secret: 's' },
      { type: 'webhook', webhook: `http://[::ffff:127.0.0.1]:${port}/hook`, secret: 's' },
    ]);
    const [outcome] = await store(seriesId, [[0, 30]], false);
    webhook.requests.length = 0;
    for (const actionId of actionIds) {
      // Settled: a refused target is not worth a retry.
      expect(await deliverNow(strict, payloadOf(outcome as AlarmOutcome, actionId), 1)).toEqual([undefined]);
      expect(await delivery(actionId)).toMatchObject({ status: 'failed', error: alarmErrors.privateWebhook });
    }
    expect(await strict.sendTest(actionIds[0] as string)).toEqual({
      status: 'failed',
      error: alarmErrors.privateWebhook,
    });
    await sleep(100);
    expect(webhook.requests).toHaveLength(0);
  });

  it('sends an SMS as JSON to the gateway, and records notSent without a gateway', async () => {
    const { seriesId, actionIds } = await alarmWith('Tekstiviesti', [{ type: 'sms', sms: '+358 40 123-4567' }]);
    const actionId = actionIds[0] as string;
    gateway.requests.length = 0;
    const [outcome] = await store(seriesId, [[0, 31]]);
    const [request] = await until(
      () => gateway.requests,
      (requests) => requests.length > 0,
    );
    expect(request?.headers.authorization).toBe('Bearer sms-token');
    expect(request?.headers['content-type']).toBe('application/json');
    const message = JSON.parse(request?.body as string) as { to: string; text: string };
    expect(message.to).toBe('+358401234567');
    expect(message.text).toContain('Hälytys "Tekstiviesti" laukesi.');
    expect(message.text).toContain('Arvo: 31,0 °C');
    expect(message.text).toContain('Aika: 2.11.2026 klo 03.00');
    await until(
      () => delivery(actionId),
      (state) => state.status === 'sent',
    );

    const logged: Array<{ to: string; text: string }> = [];
    const withoutGateway = new AlarmNotifications({
      ...deps,
      sms: createSmsGateway({ url: undefined, token: undefined, log: (to, text) => logged.push({ to, text: text() }) }),
    });
    expect(await deliverNow(withoutGateway, payloadOf(outcome as AlarmOutcome, actionId), 1)).toEqual([undefined]);
    expect(await delivery(actionId)).toMatchObject({ status: 'notSent', error: 'SMS_URL is not set' });
    expect(logged[0]?.to).toBe('+358401234567');
    expect(logged[0]?.text).toContain('Hälytys "Tekstiviesti" laukesi.');
    expect(await withoutGateway.sendTest(actionId)).toEqual({ status: 'notSent', error: 'SMS_URL is not set' });
    expect(gateway.requests).toHaveLength(1);
  });

  it("sends a storm's notifications to one action each once and in order, across the handler's slices", async () => {
    const { seriesId, actionIds } = await alarmWith('Myrsky', [{ type: 'sms', sms: '+358 40 555 0101' }]);
    const actionId = actionIds[0] as string;
    const [outcome] = await store(seriesId, [[0, 28]]);
    await until(
      () => delivery(actionId),
      (state) => state.status === 'sent',
    );
    gateway.requests.length = 0;
    // 120 repeats, one a minute, carried by two notification jobs handled together.
    const repeats = Array.from({ length: 120 }, (_, minute) => {
      const base = payloadOf(outcome as AlarmOutcome, actionId);
      return { ...base, event: { ...base.event, kind: 'repeated', time: t0 + (minute + 1) * 60_000, startedAt: t0 } };
    });
    const job = { id: 0, attempt: 1, runAt: new Date() };
    const results = await notifications.notifyJob.handleBatch?.([
      { payload: notifications.notifyJob.payload.parse({ deliveries: repeats.slice(0, 70) }), job },
      { payload: notifications.notifyJob.payload.parse({ deliveries: repeats.slice(70) }), job },
    ]);
    expect(results).toEqual([undefined, undefined]);
    const sent = gateway.requests
      .map((request) => JSON.parse(request.body) as { to: string; text: string })
      .filter((message) => message.to === '+358405550101');
    expect(sent).toHaveLength(120);
    // "klo 10.05" on the project's clock: minutes of the day, which must rise one by one.
    const minutes = sent.map((message) => {
      const [, hours, mins] = /klo (\d+)\.(\d+)/.exec(message.text) ?? [];
      return Number(hours) * 60 + Number(mins);
    });
    expect(minutes.slice(1).every((value, index) => value === (minutes[index] as number) + 1)).toBe(true);
    expect(await delivery(actionId)).toMatchObject({ status: 'sent', error: null });
  });

  it('sends once for an outcome stored twice', async () => {
    const address = `once-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const { seriesId, actionIds } = await alarmWith('Kerran', [{ type: 'email', email: address }]);
    const [outcome] = await store(seriesId, [[0, 26]]);
    // The same outcome queued again, as by a batch redelivered after its commit was not acknowledged.
    expect(
      await sql().begin((tx) => olo.server.services.alarmNotifications.enqueueOutcomes(tx, [outcome as AlarmOutcome])),
    ).toBe(0);
    await inbox.waitFor(address, isAlarmMail('Kerran'));
    queue.lookNow();
    await sleep(400);
    expect(mailsAbout('Kerran')).toHaveLength(1);
    // One notification job carries it, and no delivery of it was retried on its own.
    const queued = await sql()<Array<{ name: string; kind: string }>>`
      select j.name, d->'event'->>'kind' as kind from jobs j
      cross join lateral jsonb_array_elements(coalesce(j.payload->'deliveries', jsonb_build_array(j.payload))) d
      where d->>'triggeredId' = ${outcome?.triggeredId as string} and d->>'actionId' = ${actionIds[0] as string}`;
    expect(queued).toEqual([{ name: 'alarms.notify', kind: 'triggered' }]);
  });

  it('sends once when recording the delivery fails: a retry would send it again', async () => {
    const { seriesId, actionIds } = await alarmWith('Kirjaamaton', [{ type: 'sms', sms: '+358 40 555 0202' }]);
    // The database refuses to record this action's delivery state.
    await sql()`update alarms_actions set name = 'unrecordable' where id = ${actionIds[0] as string}`;
    await sql().unsafe(`
      create function refuse_delivery_record() returns trigger language plpgsql as $$
      begin
        if new.name = 'unrecordable' then raise exception 'delivery state refused'; end if;
        return new;
      end $$`);
    await sql().unsafe(`create trigger refuse_delivery_record before update on alarms_actions
      for each row execute function refuse_delivery_record()`);
    try {
      gateway.requests.length = 0;
      const [outcome] = await store(seriesId, [[0, 29]]);
      await until(
        () => gateway.requests,
        (requests) => requests.length > 0,
      );
      const job = await until(
        async () => {
          const [row] = await sql()<Array<{ attempts: number; done: boolean }>>`
            select attempts, done_at is not null as done from jobs
            where name = 'alarms.notify' and payload->'deliveries'->0->>'triggeredId' = ${outcome?.triggeredId as string}`;
          return row;
        },
        (row) => row?.done === true,
      );
      // Retries wait 20 ms here: a retried batch would have sent again by now.
      await sleep(300);
      expect(gateway.requests).toHaveLength(1);
      expect(job).toEqual({ attempts: 1, done: true });
      expect((await delivery(actionIds[0] as string)).status).toBeNull();
    } finally {
      await sql().unsafe('drop trigger refuse_delivery_record on alarms_actions');
      await sql().unsafe('drop function refuse_delivery_record');
    }
  });

  it("writes an action's unchanged delivery state again at most once a minute, a change at once", async () => {
    const { actionIds } = await alarmWith('Kirjaus', [{ type: 'sms', sms: '+358 40 555 0404' }]);
    const actionId = actionIds[0] as string;
    const repository = new AlarmNotificationsRepository(sql());
    const sent = { actionId, status: 'sent' as const, error: null };
    const recordedAgo = async (seconds: number) => {
      const [row] = await sql()<Array<{ at: Date }>>`
        update alarms_actions set delivery_at = now() - make_interval(secs => ${seconds})
        where id = ${actionId} returning delivery_at as at`;
      return new Date((row as { at: Date }).at).getTime();
    };
    const recordedAt = async () => new Date((await delivery(actionId)).at as Date).getTime();
    await repository.recordDeliveries([sent]);
    expect(await delivery(actionId)).toMatchObject({ status: 'sent', error: null });

    let at = await recordedAgo(30);
    await repository.recordDeliveries([sent]);
    expect(await recordedAt()).toBe(at);

    at = await recordedAgo(deliveryRecordRefreshSeconds + 1);
    await repository.recordDeliveries([sent]);
    expect(await recordedAt()).toBeGreaterThan(at);

    at = await recordedAgo(30);
    await repository.recordDeliveries([{ actionId, status: 'retrying', error: 'The gateway answered 502' }]);
    expect(await delivery(actionId)).toMatchObject({ status: 'retrying', error: 'The gateway answered 502' });
    expect(await recordedAt()).toBeGreaterThan(at);

    // A test notification is written whatever the state was.
    at = await recordedAgo(30);
    await repository.recordDeliveries([{ actionId, status: 'retrying', error: 'The gateway answered 502' }], {
      evenIfUnchanged: true,
    });
    expect(await recordedAt()).toBeGreaterThan(at);
  });

  it.runIf(kind === 'postgres')(
    'records deliveries in action order, so that two batches recording the same actions do not deadlock',
    async () => {
      const { actionIds } = await alarmWith('Järjestys', [
        { type: 'sms', sms: '+358 40 555 0303' },
        { type: 'sms', sms: '+358 40 555 0304' },
      ]);
      const [low, high] = [...actionIds].sort() as [string, string];
      // The plan of a table of thousands of actions, as in a storm: by index, in the order given
      // (this test's few rows would be scanned in the order stored).
      const byIndex = postgres(olo.server.config.databaseUrl as string, {
        max: 1,
        connection: { enable_seqscan: 'off', enable_hashjoin: 'off', enable_mergejoin: 'off' },
      });
      // Connected first: postgres.js reads the array types on connecting, and arrays need them.
      await byIndex`select 1`;
      const repository = new AlarmNotificationsRepository(byIndex);
      let recorded: Promise<void> | undefined;
      await sql().begin(async (tx) => {
        // Another batch holds the first action's row.
        await tx`select id from alarms_actions where id = ${low} for update`;
        recorded = repository.recordDeliveries([
          { actionId: high, status: 'sent', error: null },
          { actionId: low, status: 'sent', error: null },
        ]);
        await sleep(200);
        // The recording waits for the first row before taking the second, which a third may take.
        const taken = await sql().begin(
          (other) => other`select id from alarms_actions where id = ${high} for update nowait`,
        );
        expect(taken).toHaveLength(1);
      });
      await recorded;
      await byIndex.end();
      expect((await delivery(high)).status).toBe('sent');
      expect((await delivery(low)).status).toBe('sent');
    },
  );

  it('tells of a missing-data episode with no value, from the minute check through the queue', async () => {
    const address = `missing-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const { alarmId, seriesId } = await alarmWith('Ei dataa', [{ type: 'email', email: address }]);
    const tenMinutes = JSON.stringify({ years: 0, months: 0, days: 0, hours: 0, minutes: 10, seconds: 0 });
    await sql()`update alarms set range_end = null, missing_after = ${tenMinutes}::jsonb where id = ${alarmId}`;
    const lastReading = Date.now() - 3_600_000;
    await sql()`insert into series_latest (series_id, time, value) values (${seriesId}, ${new Date(lastReading).toISOString()}, 21)`;

    const outcomes = await olo.server.services.alarmEpisodes.checkMissingData();
    expect(outcomes.filter((outcome) => outcome.alarmId === alarmId).map((outcome) => outcome.event.kind)).toEqual([
      'triggered',
    ]);
    queue.lookNow();
    const mail = await inbox.waitFor(address, isAlarmMail('Ei dataa'));
    expect(mail.text).toContain('Hälytys "Ei dataa" laukesi. Sarjasta ei ole tullut mittauksia.');
    expect(mail.text).not.toContain('Arvo:');
    // Dated when the ten minutes without readings ran out, on the project's clock.
    const due = new Date(lastReading + 10 * minute);
    const local = new Intl.DateTimeFormat('fi-FI', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(mail.text).toContain(`klo ${local.format(due)}`);
  });

  it('sends a test notification at once and records it', async () => {
    const address = `test-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const { actionIds } = await alarmWith('Testattava', [{ type: 'email', email: address }]);
    expect(await notifications.sendTest(actionIds[0] as string)).toEqual({ status: 'sent', error: null });
    const mail = await inbox.waitFor(address, isAlarmMail('Testattava'));
    expect(mail.subject).toBe('Olo: testihälytys Testattava – Luokka 101 / Lämpötila');
    expect(mail.text).toContain('Tämä on hälytyksen "Testattava" testiviesti.');
    expect(await delivery(actionIds[0] as string)).toMatchObject({ status: 'sent', error: null });

    // A deactivated user gets nothing.
    const { account } = await signedInClient(olo.url);
    await sql()`update users set active = false where id = ${account.id}`;
    const { actionIds: userActions } = await alarmWith('Poistettu', [{ type: 'user', userId: account.id }]);
    expect(await notifications.sendTest(userActions[0] as string)).toEqual({
      status: 'failed',
      error: 'The user is deactivated',
    });
  });
});

describe('the retry schedule of alarm deliveries', () => {
  it('retries for about a day, doubling the wait up to two hours', () => {
    const waits = Array.from({ length: alarmDeliveryMaxAttempts - 1 }, (_, index) => alarmRetryDelayMs(index + 1));
    expect(waits.slice(0, 3)).toEqual([30_000, 60_000, 120_000]);
    expect(Math.max(...waits)).toBe(2 * 3_600_000);
    const total = waits.reduce((sum, wait) => sum + wait, 0) / 3_600_000;
    expect(total).toBeGreaterThan(22);
    expect(total).toBeLessThan(26);
  });
});
