import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { alarms, alarmsSeries, projects, series } from '../db/tables/index.ts';
import { demoProject } from './demo-data.ts';

/** The demo school's CO2 alarm: over 1,200 ppm for 15 minutes (its simulated CO2 peaks near 1,400 in lessons). */
export const demoAlarm = { name: 'Hiilidioksidi yli 1200 ppm', end: 1200, minutes: 15 } as const;

/** Adds the demo alarm on the school's CO2 series, once (after the demo meters made the series). */
export async function seedDemoAlarms(db: Db): Promise<{ created: boolean }> {
  const [project] = await db.select().from(projects).where(eq(projects.code, demoProject.code));
  if (!project) return { created: false };
  const existing = await db.select().from(alarms).where(eq(alarms.projectId, project.id));
  if (existing.length > 0) return { created: false };
  const co2 = await db
    .select({ id: series.id })
    .from(series)
    .where(and(eq(series.projectId, project.id), eq(series.dataType, 'CO2')));
  if (co2.length === 0) return { created: false };
  await db.transaction(async (tx) => {
    const [alarm] = await tx
      .insert(alarms)
      .values({
        projectId: project.id,
        name: demoAlarm.name,
        dataType: 'CO2',
        rangeEnd: demoAlarm.end,
        rangeEndInclusive: true,
        duration: { years: 0, months: 0, days: 0, hours: 0, minutes: demoAlarm.minutes, seconds: 0 },
        hysteresis: 50,
      })
      .returning();
    await tx.insert(alarmsSeries).values(co2.map((row) => ({ alarmId: alarm?.id as string, seriesId: row.id })));
  });
  return { created: true };
}
