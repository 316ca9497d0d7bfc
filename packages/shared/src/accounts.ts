import { z } from 'zod';
import { languages } from './languages.ts';

/**
 * Account inputs, shared by the GraphQL resolvers and the web forms. Issue messages are i18n keys
 * (the web app translates them; the server sends them as they are).
 */
export const accountBounds = {
  usernameMin: 3,
  usernameMax: 64,
  passwordMin: 8,
  /** argon2 hashes any length, but an unbounded password is a cheap denial of service. */
  passwordMax: 256,
  emailMax: 254,
  nameMax: 200,
  tokenMax: 200,
  maxEmailsPerUser: 50,
  maxAuthenticationsPerUser: 50,
  bugMessageMax: 10_000,
  bugDataMax: 50_000,
} as const;

// abort: an empty value reports only that it is required, not every other rule it breaks.
const required = (field: z.ZodString) => field.min(1, { message: 'Required', abort: true });

export const usernameSchema = required(z.string({ message: 'Required' }).trim())
  .min(accountBounds.usernameMin, { message: 'Too short' })
  .max(accountBounds.usernameMax, { message: 'Too long' })
  .regex(/^[\p{L}\p{N}._@+-]+$/u, { message: 'Username may contain letters, digits and . _ @ + -' });

export const passwordSchema = required(z.string({ message: 'Required' }))
  .min(accountBounds.passwordMin, { message: 'Password is too short' })
  .max(accountBounds.passwordMax, { message: 'Too long' });

/** A password being checked (login, old password) is not held to the current length rules. */
export const givenPasswordSchema = required(z.string({ message: 'Required' })).max(accountBounds.passwordMax, {
  message: 'Too long',
});

export const emailSchema = required(z.string({ message: 'Required' }).trim())
  .max(accountBounds.emailMax, { message: 'Too long' })
  .pipe(z.email({ message: 'Invalid email' }))
  .transform((email) => email.toLowerCase());

const optionalText = z
  .string()
  .trim()
  .max(accountBounds.nameMax, { message: 'Too long' })
  .nullish()
  .transform((value) => (value ? value : null));

export const tokenSchema = required(z.string({ message: 'Required' }).trim()).max(accountBounds.tokenMax, {
  message: 'Invalid or expired link',
});

export const idSchema = required(z.string({ message: 'Required' }).trim()).uuid({ message: 'Invalid id' });

export const languageSchema = z.enum(languages, { message: 'Unknown language' });

export const loginInput = z.object({
  username: required(z.string({ message: 'Required' }).trim()).max(accountBounds.emailMax, { message: 'Too long' }),
  password: givenPasswordSchema,
});

export const registerInput = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema,
  name: optionalText,
  company: optionalText,
  language: languageSchema.nullish(),
});

export const forgotPasswordInput = z.object({ email: emailSchema });

export const resetPasswordInput = z.object({ userId: idSchema, token: tokenSchema, password: passwordSchema });

export const changePasswordInput = z.object({ oldPassword: givenPasswordSchema, newPassword: passwordSchema });

export const verifyEmailInput = z.object({ userEmailId: idSchema, token: tokenSchema });

export const addEmailInput = z.object({ email: emailSchema });

export const userEmailIdInput = z.object({ userEmailId: idSchema });

export const confirmAccountDeletionInput = z.object({ token: tokenSchema });

export const updateUserInput = z.object({
  name: optionalText.optional(),
  company: optionalText.optional(),
  language: languageSchema.nullish(),
  notifyOnMeterError: z.boolean().nullish(),
});

const idList = <T extends z.ZodType>(item: T) => z.array(item).max(1000, { message: 'Too many items' });
const jsonObject = z.record(z.string(), z.unknown());

/** Option groups as given in an update: each optional, none defaulted, so absent groups stay untouched. */
const userOptionGroups = z.object({
  dashboardMeters: idList(z.number().int()),
  dashboardProjects: idList(z.number().int()),
  dashboardSpacesHidden: idList(z.number().int()),
  dashboardSpacesOpen: idList(z.number().int()),
  menuOrganizations: idList(z.string().max(64)),
  menuProjects: idList(z.number().int()),
  ui: jsonObject,
  meterLists: jsonObject,
});

/** Stored options, every group present. */
export const userOptionsSchema = z.object({
  dashboardMeters: userOptionGroups.shape.dashboardMeters.default([]),
  dashboardProjects: userOptionGroups.shape.dashboardProjects.default([]),
  dashboardSpacesHidden: userOptionGroups.shape.dashboardSpacesHidden.default([]),
  dashboardSpacesOpen: userOptionGroups.shape.dashboardSpacesOpen.default([]),
  menuOrganizations: userOptionGroups.shape.menuOrganizations.default([]),
  menuProjects: userOptionGroups.shape.menuProjects.default([]),
  ui: jsonObject.default({}),
  meterLists: jsonObject.default({}),
});
export type UserOptions = z.infer<typeof userOptionsSchema>;

/** Serialised JSON of ui and meterLists is bounded so that options stay a small row. */
export const userOptionsJsonMax = 20_000;

export const updateUserOptionsInput = z.object({
  options: userOptionGroups.partial().refine((options) => JSON.stringify(options).length <= userOptionsJsonMax, {
    message: 'Too long',
  }),
});

export const unlinkAuthenticationInput = z.object({ authenticationId: idSchema });

export const reportBugInput = z.object({
  message: required(z.string({ message: 'Required' })).max(accountBounds.bugMessageMax, { message: 'Too long' }),
  url: z.string().max(2000, { message: 'Too long' }).nullish(),
  data: z
    .unknown()
    .refine((data) => data === undefined || JSON.stringify(data ?? null).length <= accountBounds.bugDataMax, {
      message: 'Too long',
    })
    .nullish(),
});
