import { z } from 'zod';
import { idSchema } from './accounts.ts';

/** Site administration of users (`/admin/users`): the list's bounds and the inputs of its operations. */
export const adminUserBounds = {
  searchMax: 200,
  pageSizeMax: 100,
  pageSizeDefault: 25,
  /** Organizations and projects listed per user; a user in more shows these and a count. */
  membershipsShown: 20,
} as const;

/** Messages of the site administration of users, translated by the web app. */
export const adminUserErrors = {
  notYourself: 'You cannot deactivate, demote or delete yourself',
  lastSiteAdmin: 'The site needs at least one active site admin',
} as const;

export const adminUsersQueryInput = z.object({
  search: z
    .string()
    .trim()
    .max(adminUserBounds.searchMax, { message: 'Too long' })
    .nullish()
    .transform((value) => value || null),
  offset: z
    .number()
    .int()
    .min(0, { message: 'Invalid' })
    .nullish()
    .transform((value) => value ?? 0),
  limit: z
    .number()
    .int()
    .min(1, { message: 'Invalid' })
    .max(adminUserBounds.pageSizeMax, { message: 'Invalid' })
    .nullish()
    .transform((value) => value ?? adminUserBounds.pageSizeDefault),
});

export const adminUpdateUserInput = z.object({
  userId: idSchema,
  active: z.boolean().nullish(),
  isAdmin: z.boolean().nullish(),
});

export const adminDeleteUserInput = z.object({ userId: idSchema });
