import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { meterConversions, organizations, projects, spaces } from '../db/tables/index.ts';
import { MetersRepository } from '../modules/meters/meters.repository.ts';
import { SeriesRepository } from '../modules/series/series.repository.ts';
import { type DemoMeter, demoMeters } from '../simulator/simulation.ts';
import { demoHistoryDays, demoOrganization, demoSubOrganization } from './demo-data.ts';

/** Demo series are fed from before the demo history starts (demo-history.ts), a day's margin. */
const historyDays = demoHistoryDays + 1;

/**
 * The demo meters (simulator/simulation.ts) in the demo organizations, each feeding series of its
 * space in the demo projects, with the conversions their drivers need. Idempotent: a meter that
 * exists is left as it is.
 */
export async function seedDemoMeters(db: Db, meters: readonly DemoMeter[] = demoMeters): Promise<{ created: number }> {
  const metersRepository = new MetersRepository(db);
  const seriesRepository = new SeriesRepository(db);
  const existing = new Set(
    (await metersRepository.findBySerials(meters.map((demo) => demo.serial))).map((m) => m.serial),
  );
  await dropObsoleteDemoConversions(db, metersRepository, meters);
  const organizationBySlug = async (slug: string) =>
    (await db.select().from(organizations).where(eq(organizations.slug, slug)))[0];
  const school = await organizationBySlug(demoOrganization.slug);
  const building = await organizationBySlug(demoSubOrganization.slug);
  if (!school || !building) return { created: 0 };
  let created = 0;
  const start = new Date(Date.now() - historyDays * 24 * 60 * 60 * 1000);
  for (const demo of meters) {
    if (existing.has(demo.serial)) continue;
    const organization = demo.projectCode === 'DEMO-1' ? school : building;
    const [project] = await db.select().from(projects).where(eq(projects.code, demo.projectCode));
    if (!project) continue;
    const [space] = (await db.select().from(spaces).where(eq(spaces.projectId, project.id))).filter(
      (row) => row.name === demo.space,
    );
    const { meter } = await metersRepository.insertOrGet({
      serial: demo.serial,
      name: demo.name,
      driver: demo.driver,
      organizationId: organization.id,
      organizationSince: start,
      location: demo.space,
    });
    for (const channel of demo.channels) {
      if (channel.conversion) {
        await db
          .insert(meterConversions)
          .values({ meterId: meter.id, channel: channel.channel, ...channel.conversion })
          .onConflictDoNothing();
      }
      const series = await seriesRepository.insert({
        projectId: project.id,
        spaceId: space?.id ?? null,
        name: channel.seriesName,
        dataType: channel.dataType,
        dataUnit: channel.dataUnit,
        dataName: channel.channel,
      });
      await seriesRepository.insertDatasource({
        seriesId: series.id,
        meterId: meter.id,
        channel: channel.channel,
        startAt: start,
      });
    }
    created += 1;
  }
  return { created };
}

/**
 * Demo data seeded before decision 0094 has an `hPa → Pa` conversion (`x * 100`) on each DL-PR26 pressure channel;
 * the driver now gives Pa, so the conversion would make new values 100 times too large. Removed without a
 * recomputation: the stored values were converted to Pa when they were routed, and stay right.
 */
async function dropObsoleteDemoConversions(
  db: Db,
  metersRepository: MetersRepository,
  meters: readonly DemoMeter[],
): Promise<void> {
  const serials = meters.filter((demo) => demo.driver === 'decentlab-dl-pr26').map((demo) => demo.serial);
  if (serials.length === 0) return;
  const ids = (await metersRepository.findBySerials(serials)).map((meter) => meter.id);
  if (ids.length === 0) return;
  await db
    .delete(meterConversions)
    .where(
      and(
        inArray(meterConversions.meterId, ids),
        eq(meterConversions.channel, 'pressure'),
        eq(meterConversions.expression, 'x * 100'),
      ),
    );
}
