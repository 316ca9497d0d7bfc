import { alarmAcknowledgers, alarmAdmins, alarmViewers, type MatrixRow } from './roles.ts';

/** Alarms of X. */
export const alarmRows: MatrixRow[] = [
  { operation: 'alarms', kind: 'query', what: "X's alarms", allowed: alarmViewers },
  { operation: 'Project.alarms', kind: 'query', what: "X's alarms (empty for others)", allowed: alarmViewers },
  { operation: 'alarmsTriggered', kind: 'query', what: "X's triggered alarms", allowed: alarmViewers },
  { operation: 'alarmsActions', kind: 'query', what: "the actions of X's alarms", allowed: alarmViewers },
  {
    operation: 'Project.alarmRecipients',
    kind: 'query',
    what: "members of X an alarm's user action may notify",
    allowed: alarmAdmins,
  },
  {
    operation: 'AlarmsAction.secret',
    kind: 'query',
    what: "a webhook action's signing secret (null for others)",
    allowed: alarmAdmins,
  },
  { operation: 'alarmPreview', kind: 'query', what: "a rule's last 30 days on X's series", allowed: alarmViewers },
  {
    operation: 'acknowledgeAlarmsTriggered',
    kind: 'mutation',
    what: 'acknowledge a triggered alarm of X',
    allowed: alarmAcknowledgers,
  },
  {
    operation: 'acknowledgeAllAlarmsTriggered',
    kind: 'mutation',
    what: "acknowledge all of X's triggered alarms",
    allowed: alarmAcknowledgers,
  },
  { operation: 'createAlarm', kind: 'mutation', what: 'an alarm in X', allowed: alarmAdmins },
  { operation: 'updateAlarm', kind: 'mutation', what: "change an alarm's rule", allowed: alarmAdmins },
  { operation: 'deleteAlarm', kind: 'mutation', what: 'delete an alarm of X', allowed: alarmAdmins },
  { operation: 'createAlarmsSeries', kind: 'mutation', what: 'link a series of X to an alarm', allowed: alarmAdmins },
  { operation: 'deleteAlarmsSeries', kind: 'mutation', what: 'unlink a series from an alarm', allowed: alarmAdmins },
  { operation: 'createAlarmsAction', kind: 'mutation', what: 'an action of an alarm of X', allowed: alarmAdmins },
  { operation: 'updateAlarmsAction', kind: 'mutation', what: 'change an action', allowed: alarmAdmins },
  { operation: 'testAlarmsAction', kind: 'mutation', what: 'send a test through an action', allowed: alarmAdmins },
  { operation: 'deleteAlarmsAction', kind: 'mutation', what: 'delete an action', allowed: alarmAdmins },
];
