import { and, eq } from 'drizzle-orm';
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
   * Binds an application to the integration's organization, whichever others it is bound to
   * already (each organization's clients reach only its own messages).
   */
  async bind(
    { provider, application }: BoundApplication,
    binding: { organizationId: string; integrationId: string },
  ): Promise<void> {
    await this.db
      .insert(applicationBindings)
      .values({ provider, application, organizationId: binding.organizationId, integrationId: binding.integrationId })
      .onConflictDoNothing();
  }
}
