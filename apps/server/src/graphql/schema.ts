import type { GraphQLSchema } from 'graphql';
import { builder } from './builder.ts';
// Each module registers its types and fields on the builder when imported.
import '../modules/accounts/accounts.graphql.ts';
import '../modules/bug-reports/bug-reports.graphql.ts';
import '../modules/classification/classification.graphql.ts';
import '../modules/organizations/organizations.graphql.ts';
import '../modules/projects/projects.graphql.ts';
import '../modules/projects/project-status.graphql.ts';
import '../modules/spaces/spaces.graphql.ts';
import '../modules/data-views/data-views.graphql.ts';
import '../modules/project-pages/project-pages.graphql.ts';
import '../modules/attachments/attachments.graphql.ts';
import '../modules/projects/public-project.graphql.ts';
import '../modules/invitations/invitations.graphql.ts';
import '../modules/series/series.graphql.ts';
import '../modules/series/series-live.graphql.ts';
import '../modules/meters/meters.graphql.ts';
import '../modules/meters/meter-list.graphql.ts';
import '../modules/meters/drivers.graphql.ts';
import '../modules/meter-commands/meter-commands.graphql.ts';
import '../modules/system-errors/system-errors.graphql.ts';
import '../modules/integrations/integrations.graphql.ts';
import '../modules/calibrations/calibrations.graphql.ts';
import '../modules/computers/computers.graphql.ts';
import '../modules/alarms/alarms.graphql.ts';
import '../modules/alarms/alarm-episodes.graphql.ts';
import '../modules/colors/colors.graphql.ts';
import '../modules/limits/limits.graphql.ts';
import '../modules/data-export/data-export.graphql.ts';
import '../modules/recalculation/recalculation.graphql.ts';
import '../modules/report-covers/report-covers.graphql.ts';
import '../modules/report-schedules/report-schedules.graphql.ts';
import '../modules/print-templates/print-templates.graphql.ts';
import '../modules/reports/report-context.graphql.ts';
import '../modules/reports/reports.graphql.ts';
import '../modules/translations/translations.graphql.ts';
import '../modules/weather/weather.graphql.ts';
import '../modules/site-status/site-status.graphql.ts';
import '../modules/system/system.graphql.ts';
import '../modules/documents/documents.graphql.ts';
import '../modules/admin-users/admin-users.graphql.ts';

let schema: GraphQLSchema | undefined;

export function buildSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}
