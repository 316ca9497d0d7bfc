import type { PdfRenderer } from '../channels/pdf/pdf-renderer.ts';
import { AdminUsersService } from '../modules/admin-users/admin-users.service.ts';
import type { MetersService } from '../modules/meters/meters.service.ts';
import type { SessionsService } from '../modules/sessions/sessions.service.ts';
import { SiteStatusService } from '../modules/site-status/site-status.service.ts';
import { SystemService } from '../modules/system/system.service.ts';
import { TranslationsService } from '../modules/translations/translations.service.ts';
import { serverVersion } from '../paths.ts';
import type { ServicesDeps } from './services.ts';

/**
 * What runs the site rather than a tenant's work: its users, its health at a glance (the status dashboard), the
 * interface's texts and the public facts API clients read.
 */
export function createSiteAdministration(
  deps: Pick<ServicesDeps, 'config' | 'repositories' | 'events' | 'computers' | 'broker'> & {
    sessions: SessionsService;
    meters: MetersService;
    pdf: PdfRenderer;
  },
) {
  const { config, repositories, events, meters } = deps;
  return {
    adminUsers: new AdminUsersService({ repository: repositories.adminUsers, sessions: deps.sessions, events }),
    siteStatus: new SiteStatusService({
      repository: repositories.siteStatus,
      events,
      computers: () => deps.computers.list(),
      meters: {
        list: (viewer) => meters.list(viewer, {}),
        summarizeByOrganization: (all) => meters.summarizeByOrganization(all),
      },
      broker: () => {
        const broker = deps.broker.get();
        return { kind: broker.kind, up: broker.isUp(), clients: broker.clientCount() };
      },
      pdf: () => deps.pdf.stats,
    }),
    system: new SystemService(() => {
      const broker = deps.broker.get();
      return {
        siteName: config.siteName,
        version: serverVersion,
        publicUrl: config.publicUrl,
        timeZone: config.timeZone,
        contactEmail: config.contactEmail || null,
        contactPhone: config.contactPhone || null,
        mqttPort: broker.kind === 'embedded' ? (broker.port ?? null) : null,
        exportBackgroundCells: config.exportBackgroundCells,
      };
    }),
    translations: new TranslationsService({ repository: repositories.translations }),
  };
}
