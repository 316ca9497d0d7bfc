import type { Db } from '../../db/database.ts';
import { bugReports } from '../../db/tables/index.ts';

export class BugReportsRepository {
  constructor(private readonly db: Db) {}

  async insert(report: typeof bugReports.$inferInsert): Promise<void> {
    await this.db.insert(bugReports).values(report);
  }
}
