import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** argon2id PHC string; null for an account that signs in only through a linked authentication. */
    passwordHash: text('password_hash'),
    name: text('name'),
    company: text('company'),
    avatarUrl: text('avatar_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    language: text('language').notNull().default('fi'),
    options: jsonb('options').notNull().default({}),
    notifyOnMeterError: boolean('notify_on_meter_error').notNull().default(false),
    active: boolean('active').notNull().default(true),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** When a session last started for the account (login, registration, password reset or change). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The index names are the ones the spec's error messages name ("users_username unique constraint").
  (table) => [uniqueIndex('users_username').on(sql`lower(${table.username})`)],
);

export const userEmails = pgTable(
  'user_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    // One verified owner per address; unverified claims may coexist, so that a claim made by
    // somebody else never stops the real owner (who verifies, and the other claims go).
    uniqueIndex('users_email').on(table.email).where(sql`${table.isVerified}`),
    uniqueIndex('user_emails_email_user').on(table.email, table.userId),
    index('user_emails_user_id').on(table.userId),
    uniqueIndex('user_emails_one_primary').on(table.userId).where(sql`${table.isPrimary}`),
  ],
);

export const userAuthentications = pgTable(
  'user_authentications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    identifier: text('identifier').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_authentications_service_identifier').on(table.service, table.identifier),
    index('user_authentications_user_id').on(table.userId),
  ],
);

export const userTokenPurposes = ['verify_email', 'reset_password', 'delete_account'] as const;
export type UserTokenPurpose = (typeof userTokenPurposes)[number];

/** Single-use tokens sent by mail; only a SHA-256 hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: userTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userEmailId: uuid('user_email_id').references(() => userEmails.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('user_tokens_token_hash').on(table.tokenHash), index('user_tokens_user_id').on(table.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value; the cookie value itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_id').on(table.userId), index('sessions_expires_at').on(table.expiresAt)],
);

export const bugReports = pgTable('bug_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  url: text('url'),
  data: jsonb('data'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});

/**
 * Keys that every instance on this database signs with, made once by the first one that needs it
 * (`AccountsRepository.sharedSecret`): the device cookies' HMAC key (decision 0144).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** 32 random bytes, base64url. */
  value: text('value').notNull(),
  createdAt: createdAt(),
});
