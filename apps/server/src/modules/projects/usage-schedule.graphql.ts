import type { UsageSchedule } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';

/** When a project's spaces are in use (decision 0193). */
export const UsageScheduleRef = builder.objectRef<UsageSchedule>('UsageSchedule').implement({
  fields: (t) => ({
    weekdays: t.exposeIntList('weekdays', { description: 'ISO weekdays: 1 Monday … 7 Sunday.' }),
    from: t.exposeString('from', { description: 'HH:MM, local time.' }),
    to: t.exposeString('to', { description: 'HH:MM, local time, after from (24:00 is midnight).' }),
    holidays: t.exposeStringList('holidays', { description: 'YYYY-MM-DD: days not in use.' }),
  }),
});

export const UsageScheduleInput = builder.inputType('UsageScheduleInput', {
  fields: (t) => ({
    weekdays: t.intList({ required: true }),
    from: t.string({ required: true }),
    to: t.string({ required: true }),
    holidays: t.stringList({ required: true }),
  }),
});
