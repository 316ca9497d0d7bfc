import { builder } from '../../graphql/builder.ts';
import { ComputerRef } from '../computers/computers.graphql.ts';
import { MetersErrorSummaryRef } from '../meters/meter-list.graphql.ts';
import { WeatherRef } from '../weather/weather.graphql.ts';
import type {
  CountByKey,
  DatabaseFigures,
  IngestMinute,
  JobQueueFigures,
  SystemErrorFigures,
} from './site-status.repository.ts';
import type { BrokerFigures, OrganizationMeterHealth, PdfRenderStats, SiteStatus } from './site-status.service.ts';

// The site admins' status dashboard (/admin/status-dash): one snapshot, as a query and pushed live.

const IngestMinuteRef = builder.objectRef<IngestMinute>('SiteStatusIngestMinute').implement({
  description: 'Uplinks stored in one minute (by when Olo received them) and the decoded values they carried.',
  fields: (t) => ({
    minute: t.expose('minute', { type: 'DateTime' }),
    uplinks: t.exposeInt('uplinks'),
    values: t.exposeInt('values'),
  }),
});

const CountRef = builder.objectRef<CountByKey>('SiteStatusCount').implement({
  fields: (t) => ({ key: t.exposeString('key'), count: t.exposeInt('count') }),
});

const JobQueueRef = builder.objectRef<JobQueueFigures>('SiteStatusJobQueue').implement({
  description: "The durable queue's jobs of one name as they stand now.",
  fields: (t) => ({
    name: t.exposeString('name'),
    due: t.exposeInt('due', { description: 'Due now, held by nobody.' }),
    later: t.exposeInt('later', { description: 'Waiting for a later time.' }),
    running: t.exposeInt('running'),
    retrying: t.exposeInt('retrying', { description: 'Failed, waiting for another attempt.' }),
    gaveUp: t.exposeInt('gaveUp', { description: 'Failed on every attempt; nothing runs them again.' }),
    doneLastHour: t.exposeInt('doneLastHour'),
  }),
});

const PdfRef = builder.objectRef<PdfRenderStats>('SiteStatusPdf').implement({
  description: 'PDF renders of the instance that answers, since it started (not kept in the database).',
  fields: (t) => ({
    since: t.expose('since', { type: 'DateTime' }),
    renders: t.exposeInt('renders'),
    failures: t.exposeInt('failures'),
    meanSeconds: t.float({
      nullable: true,
      resolve: (pdf) => (pdf.renders > 0 ? pdf.totalMs / pdf.renders / 1000 : null),
    }),
    maxSeconds: t.float({ nullable: true, resolve: (pdf) => (pdf.renders > 0 ? pdf.maxMs / 1000 : null) }),
  }),
});

const DatabaseRef = builder.objectRef<DatabaseFigures>('SiteStatusDatabase').implement({
  fields: (t) => ({
    sizeBytes: t.float({ resolve: (row) => row.sizeBytes, description: 'pg_database_size, bytes.' }),
    readingsLastDay: t.exposeInt('readingsLastDay', { description: 'Uplinks stored in the last 24 hours.' }),
  }),
});

const BrokerRef = builder.objectRef<BrokerFigures>('SiteStatusBroker').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'embedded or external.' }),
    up: t.exposeBoolean('up'),
    clients: t.exposeInt('clients', { nullable: true, description: 'Connected clients; null for an external broker.' }),
  }),
});

const MeterHealthRef = builder.objectRef<OrganizationMeterHealth>('SiteStatusMeterHealth').implement({
  fields: (t) => ({
    organizationId: t.exposeID('organizationId', { nullable: true, description: 'Null: free meters.' }),
    organizationName: t.exposeString('organizationName', { nullable: true }),
    summary: t.field({ type: MetersErrorSummaryRef, resolve: (row) => row.summary }),
  }),
});

const SystemErrorFiguresRef = builder.objectRef<SystemErrorFigures>('SiteStatusSystemErrors').implement({
  fields: (t) => ({
    ofNoMeter: t.exposeInt('ofNoMeter', { description: 'Unacknowledged errors of no meter: those /errors lists.' }),
    ofMeters: t.exposeInt('ofMeters', { description: 'Unacknowledged errors of meters.' }),
    newestAt: t.expose('newestAt', { type: 'DateTime', nullable: true }),
  }),
});

const SiteStatusRef = builder.objectRef<SiteStatus>('SiteStatus').implement({
  description: "The site's health (site admins): figures of the last hour from the database, and this instance's.",
  fields: (t) => ({
    generatedAt: t.expose('generatedAt', { type: 'DateTime' }),
    ingestMinutes: t.field({
      type: [IngestMinuteRef],
      description: 'The minutes of the last hour that had uplinks, oldest first.',
      resolve: (status) => status.ingestMinutes,
    }),
    refusals: t.field({
      type: [CountRef],
      description: "Refused uplinks of the last hour by reason (their system error's type).",
      resolve: (status) => status.refusals,
    }),
    jobs: t.field({ type: [JobQueueRef], resolve: (status) => status.jobs }),
    alarmDeliveries: t.field({
      type: [CountRef],
      description:
        'Alarm actions whose latest notification went in the last hour, by status (sent, retrying, failed, notSent).',
      resolve: (status) => status.alarmDeliveries,
    }),
    pdf: t.field({ type: PdfRef, resolve: (status) => status.pdf }),
    database: t.field({ type: DatabaseRef, resolve: (status) => status.database }),
    broker: t.field({ type: BrokerRef, resolve: (status) => status.broker }),
    computers: t.field({ type: [ComputerRef], resolve: (status) => status.computers }),
    meterHealth: t.field({
      type: [MeterHealthRef],
      description: 'Health counts of active meters out of storage, per organization by name, free meters last.',
      resolve: (status) => status.meterHealth,
    }),
    weathers: t.field({
      type: [WeatherRef],
      resolve: (_status, _args, context) => context.services.weather.list(context.access),
    }),
    systemErrors: t.field({ type: SystemErrorFiguresRef, resolve: (status) => status.systemErrors }),
  }),
});

builder.queryFields((t) => ({
  siteStatus: t.field({
    type: SiteStatusRef,
    description: "The site's health now (site admins).",
    resolve: (_root, _args, context) => context.services.siteStatus.snapshot(context.access),
  }),
}));

builder.subscriptionFields((t) => ({
  siteStatusUpdated: t.field({
    type: SiteStatusRef,
    description:
      "The site's health at once, then as readings arrive (at most once a second) and every 15 s (site admins).",
    subscribe: (_root, _args, context) => {
      context.access.assertSiteAdmin();
      return context.services.siteStatus.updates(context.access);
    },
    resolve: (status) => status,
  }),
}));
