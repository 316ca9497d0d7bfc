import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { applicationBindings } from '../../db/tables/index.ts';

/** A network server's application as its topics and downlink routes name it. */
export interface BoundApplication {
  provider: string;
  application: string;
}

/** Which organizations an application is bound to (decision 0145). */
export class ApplicationBindingsRepository {
  constructor(private readonly db: Db) {}

  async organizationsOf({ provider, application }: BoundApplication): Promise<string[]> {
    const rows = await this.db
      .select({ organizationId: applicationBindings.organizationId })
      .from(applicationBindings)
      .where(and(eq(applicationBindings.provider, provider), eq(applicationBindings.application, application)));
    return rows.map((row) => row.organizationId);
  }

  /**
   * Binds an application that nobody has yet to the integration's organization, and answers who
   * it is bound to now: that organization, or whoever was first.
   */
  async bindIfFree(
    { provider, application }: BoundApplication,
    binding: { organizationId: string; integrationId: string },
  ): Promise<string[]> {
    await this.db.execute(sql`
      insert into ${applicationBindings} (provider, application, organization_id, integration_id)
      select ${provider}, ${application}, ${binding.organizationId}, ${binding.integrationId}
      where not exists (
        select 1 from ${applicationBindings}
        where ${applicationBindings.provider} = ${provider} and ${applicationBindings.application} = ${application}
      )
      on conflict do nothing`);
    return this.organizationsOf({ provider, application });
  }
}
