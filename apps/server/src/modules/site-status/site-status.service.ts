import type { EventBus } from '../../events/event-bus.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { ComputerRow } from '../computers/computers.repository.ts';
import type { MeterRow } from '../meters/meters.repository.ts';
import type { MetersErrorSummary } from '../meters/meters.service.ts';
import type {
  CountByKey,
  DatabaseFigures,
  IngestMinute,
  JobQueueFigures,
  SiteStatusRepository,
  SystemErrorFigures,
} from './site-status.repository.ts';

/** The PDF renderer's counts since this instance started (PdfRenderer.stats). */
export interface PdfRenderStats {
  since: Date;
  renders: number;
  failures: number;
  totalMs: number;
  maxMs: number;
}

export interface BrokerFigures {
  kind: 'embedded' | 'external';
  up: boolean;
  /** Connected clients of the embedded broker; null for an external one. */
  clients: number | null;
}

export interface OrganizationMeterHealth {
  /** Null: free meters, of no organization. */
  organizationId: string | null;
  organizationName: string | null;
  summary: MetersErrorSummary;
}

export interface SiteStatus {
  generatedAt: Date;
  ingestMinutes: IngestMinute[];
  refusals: CountByKey[];
  jobs: JobQueueFigures[];
  alarmDeliveries: CountByKey[];
  pdf: PdfRenderStats;
  database: DatabaseFigures;
  broker: BrokerFigures;
  computers: ComputerRow[];
  meterHealth: OrganizationMeterHealth[];
  systemErrors: SystemErrorFigures;
}

export interface SiteStatusDeps {
  repository: SiteStatusRepository;
  events: EventBus;
  computers: () => Promise<ComputerRow[]>;
  /** Every meter (read as a site admin) and their health counts by organization. */
  meters: {
    list: (access: ViewerAccess) => Promise<MeterRow[]>;
    summarizeByOrganization: (meters: MeterRow[]) => Promise<Map<string | null, MetersErrorSummary>>;
  };
  broker: () => BrokerFigures;
  pdf: () => PdfRenderStats;
}

/** The least time between two pushed snapshots, ms: a busy ingest does not make every event a snapshot. */
const pushSpacingMs = 1_000;
/** A snapshot goes out at least this often, ms, for the figures no event announces (jobs, heartbeats). */
const pushEveryMs = 15_000;

/** The site's health for site admins: figures read from the database and this instance's counters. */
export class SiteStatusService {
  constructor(private readonly deps: SiteStatusDeps) {}

  async snapshot(access: ViewerAccess): Promise<SiteStatus> {
    access.assertSiteAdmin();
    const { repository } = this.deps;
    // One after another: PGlite is one session, and the dashboard's few viewers need no more.
    const ingestMinutes = await repository.ingestMinutes();
    const refusals = await repository.refusalsLastHour();
    const jobs = await repository.jobQueue();
    const alarmDeliveries = await repository.alarmDeliveriesLastHour();
    const database = await repository.database();
    const systemErrors = await repository.systemErrors();
    const computers = await this.deps.computers();
    const meterHealth = await this.meterHealth(access);
    return {
      generatedAt: new Date(),
      ingestMinutes,
      refusals,
      jobs,
      alarmDeliveries,
      pdf: { ...this.deps.pdf() },
      database,
      broker: this.deps.broker(),
      computers: computers.sort((a, b) => a.name.localeCompare(b.name)),
      meterHealth,
      systemErrors,
    };
  }

  /**
   * Snapshots as they change: one at once, then after readings arrive or meters change (at most one a second), and
   * at least every 15 s. Site admins only.
   */
  async *updates(access: ViewerAccess, signal?: AbortSignal): AsyncGenerator<SiteStatus> {
    access.assertSiteAdmin();
    const stop = new AbortController();
    signal?.addEventListener('abort', () => stop.abort(), { once: true });
    let changed = false;
    let wake: (() => void) | undefined;
    const listen = async () => {
      for await (const _event of this.deps.events.subscribe('meter.updated', stop.signal)) {
        changed = true;
        wake?.();
      }
    };
    void listen();
    try {
      while (!stop.signal.aborted) {
        const started = Date.now();
        changed = false;
        yield await this.snapshot(access);
        await sleep(Math.max(0, pushSpacingMs - (Date.now() - started)), stop.signal);
        if (!changed) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pushEveryMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
            stop.signal.addEventListener('abort', wake, { once: true });
          });
          wake = undefined;
        }
      }
    } finally {
      stop.abort();
    }
  }

  private async meterHealth(access: ViewerAccess): Promise<OrganizationMeterHealth[]> {
    const byOrganization = await this.deps.meters.summarizeByOrganization(await this.deps.meters.list(access));
    const ids = [...byOrganization.keys()].filter((id): id is string => id !== null);
    const names = await this.deps.repository.organizationNames(ids);
    const health: OrganizationMeterHealth[] = names.map(({ id, name }) => ({
      organizationId: id,
      organizationName: name,
      summary: byOrganization.get(id) as MetersErrorSummary,
    }));
    const free = byOrganization.get(null);
    if (free) health.push({ organizationId: null, organizationName: null, summary: free });
    return health;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
