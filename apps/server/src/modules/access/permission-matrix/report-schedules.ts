import { type MatrixRow, reportAdmins, reportViewers } from './roles.ts';

/** Report schedules of X's reports and their sendings (decision 0196). */
export const reportScheduleRows: MatrixRow[] = [
  { operation: 'reportSchedules', kind: 'query', what: 'the schedules of a report of X', allowed: reportAdmins },
  { operation: 'reportSendings', kind: 'query', what: 'the sendings of a report of X', allowed: reportViewers },
  {
    operation: 'createReportSchedule',
    kind: 'mutation',
    what: 'schedule a report of X to be mailed',
    allowed: reportAdmins,
  },
  {
    operation: 'updateReportSchedule',
    kind: 'mutation',
    what: "change a schedule of X's report",
    allowed: reportAdmins,
  },
  {
    operation: 'deleteReportSchedule',
    kind: 'mutation',
    what: "delete a schedule of X's report",
    allowed: reportAdmins,
  },
  {
    operation: 'sendReportNow',
    kind: 'mutation',
    what: "mail the latest period of a schedule of X's report now",
    allowed: reportAdmins,
  },
];
