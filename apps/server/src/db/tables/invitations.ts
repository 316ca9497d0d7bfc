import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { projects } from './projects.ts';

/**
 * An invitation to an organization or a project (exactly one). The code travels in the mailed link
 * and is shown to the invitee on their profile; accepting needs both id and code.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-cased address the inviter gave; null for an invitation by username. */
    email: text('email'),
    /** The username the inviter gave, as given; null for an invitation by address. */
    username: text('username'),
    /** The invited account when it existed at invitation time (found by username or email). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('invitations_email').on(table.email),
    index('invitations_user_id').on(table.userId),
    index('invitations_organization_id').on(table.organizationId),
    index('invitations_project_id').on(table.projectId),
    check('invitations_one_target', sql`(${table.organizationId} is null) <> (${table.projectId} is null)`),
    check('invitations_invitee', sql`${table.email} is not null or ${table.username} is not null`),
  ],
);
