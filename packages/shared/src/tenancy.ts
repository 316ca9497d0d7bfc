import { z } from 'zod';
import { emailSchema, usernameSchema } from './accounts.ts';
import { dataFilterSchema, dataViewLimits } from './data-views.ts';
import { tenancyErrors } from './error-messages.ts';
import { isMeasurementType } from './measurements.ts';

/**
 * Inputs of organizations, projects, memberships, invitations, spaces and summary pages, shared by
 * the GraphQL resolvers and the web forms. Messages are i18n keys.
 */
export const tenancyLimits = {
  nameMax: 200,
  slugMax: 64,
  descriptionMax: 5000,
  codeMax: 64,
  pageContentMax: 100_000,
  iconMax: 64,
  defaultSelectMax: 3650,
  /** Bytes of one uploaded file. */
  attachmentMaxBytes: 5 * 1024 * 1024,
  invitationDays: 14,
} as const;

/** Content types an attachment may have; anything else is refused. */
export const attachmentContentTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
  'text/plain',
  'text/csv',
] as const;

const required = (field: z.ZodString) => field.min(1, { message: 'Required', abort: true });
const name = required(z.string({ message: 'Required' }).trim()).max(tenancyLimits.nameMax, { message: 'Too long' });
/** Absent stays absent (an update leaves the field alone); empty or null clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'Too long' })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

export const slugSchema = required(z.string({ message: 'Required' }).trim().toLowerCase())
  .max(tenancyLimits.slugMax, { message: 'Too long' })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { message: 'Use lowercase letters, digits and hyphens' });

export const uuidSchema = z.string({ message: 'Required' }).trim().uuid({ message: 'Invalid id' });
const intId = z.coerce
  .number({ message: 'Invalid id' })
  .int({ message: 'Invalid id' })
  .positive({ message: 'Invalid id' });

export const createOrganizationInput = z.object({
  name,
  slug: slugSchema,
  description: optionalText(tenancyLimits.descriptionMax),
  parentId: uuidSchema.nullish().transform((value) => value ?? null),
});

export const updateOrganizationInput = z.object({
  id: uuidSchema,
  name: name.optional(),
  slug: slugSchema.optional(),
  description: optionalText(tenancyLimits.descriptionMax).optional(),
});

export const organizationMemberFlags = z.object({
  isAdmin: z.boolean().optional(),
  canViewAll: z.boolean().optional(),
  canViewMeters: z.boolean().optional(),
  notifyOnMeterError: z.boolean().optional(),
});

export const createOrganizationMembershipInput = organizationMemberFlags.extend({
  organizationId: uuidSchema,
  userId: uuidSchema,
});

export const updateOrganizationMembershipInput = organizationMemberFlags.extend({ id: uuidSchema });

export const inviteInput = z
  .object({
    organizationId: uuidSchema.nullish(),
    projectId: intId.nullish(),
    email: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .pipe(emailSchema.nullable()),
    username: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .pipe(usernameSchema.nullable()),
  })
  .superRefine((input, context) => {
    if (Boolean(input.organizationId) === Boolean(input.projectId)) {
      context.addIssue({ code: 'custom', path: ['organizationId'], message: tenancyErrors.invitationTargetRequired });
    }
    if (!input.email && !input.username) {
      context.addIssue({ code: 'custom', path: ['email'], message: tenancyErrors.inviteeRequired });
    }
  });

export const acceptInvitationInput = z.object({
  invitationId: uuidSchema,
  code: z.string().trim().max(200, { message: 'Too long' }).nullish(),
});

const timeZoneSchema = z
  .string()
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, tenancyErrors.unknownTimeZone);

const dataSlotDefaults = z
  .object({
    nulls: z.boolean().optional(),
    mode: z.enum(['avg', 'min', 'max']).optional(),
    slot: z
      .number()
      .int()
      .positive()
      .max(31 * 24 * 3600)
      .optional(),
    filters: z.array(dataFilterSchema).max(dataViewLimits.filtersMax, { message: 'Too many' }).optional(),
  })
  .strict();

const projectFields = {
  name,
  description: optionalText(tenancyLimits.descriptionMax),
  code: optionalText(tenancyLimits.codeMax),
  startAt: z.date().nullish(),
  endAt: z.date().nullish(),
  timeZone: timeZoneSchema.optional(),
  defaultSelect: z
    .number()
    .int({ message: 'Invalid number' })
    .min(1, { message: 'Too small' })
    .max(tenancyLimits.defaultSelectMax, { message: 'Too large' })
    .optional(),
  showLive: z.boolean().optional(),
  showReport: z.boolean().optional(),
  showAlarm: z.boolean().optional(),
  /** On: the project has a public link; off: the link stops working. */
  isPublic: z.boolean().optional(),
  defaults: dataSlotDefaults.optional(),
  pictureId: uuidSchema.nullish(),
  attachmentId: uuidSchema.nullish(),
};

const endAfterStart = (input: { startAt?: Date | null; endAt?: Date | null }, context: z.RefinementCtx) => {
  if (input.startAt && input.endAt && input.endAt < input.startAt) {
    context.addIssue({ code: 'custom', path: ['endAt'], message: tenancyErrors.endBeforeStart });
  }
};

export const createProjectInput = z.object({ organizationId: uuidSchema, ...projectFields }).superRefine(endAfterStart);

export const updateProjectInput = z
  .object({ id: intId, ...projectFields, name: name.optional() })
  .superRefine(endAfterStart);

export const projectAdminActions = ['end', 'archive', 'unarchive', 'hide', 'unhide'] as const;
export type ProjectAdminAction = (typeof projectAdminActions)[number];

export const projectMemberFlags = z.object({
  isAdmin: z.boolean().optional(),
  canAdminAlarms: z.boolean().optional(),
  canAdminReports: z.boolean().optional(),
  canAdminSeries: z.boolean().optional(),
  canViewAlarms: z.boolean().optional(),
  canViewReports: z.boolean().optional(),
});

export const createProjectMembershipInput = projectMemberFlags.extend({ projectId: intId, userId: uuidSchema });
export const updateProjectMembershipInput = projectMemberFlags.extend({ id: uuidSchema });

const spaceFields = {
  name,
  description: optionalText(tenancyLimits.descriptionMax),
  show: z.boolean().optional(),
  weather: z.boolean().optional(),
  weatherDatatype: optionalText(tenancyLimits.nameMax),
  weatherLimit: z.number().int().nullish(),
  weatherId: z.number().int().nullish(),
  colorId: z.number().int().nullish(),
};
export const createSpaceInput = z.object({ projectId: intId, ...spaceFields });
export const updateSpaceInput = z.object({ id: intId, ...spaceFields, name: name.optional() });

const pageFields = {
  name,
  content: z.string().max(tenancyLimits.pageContentMax, { message: 'Too long' }).optional(),
  icon: optionalText(tenancyLimits.iconMax),
  order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  show: z.boolean().optional(),
  type: z.enum(['text', 'live', 'summary', 'alarms', 'reports']).optional(),
  internal: z.boolean().optional(),
};
export const createProjectPageInput = z.object({ projectId: intId, ...pageFields });
export const updateProjectPageInput = z.object({ id: intId, ...pageFields, name: name.optional() });

/** The form fields of POST /api/attachments (multipart: the target's field, then the file, whose name and type these are). */
export const attachmentUploadInput = z.object({
  projectId: intId.nullish(),
  organizationId: uuidSchema.nullish(),
  name: name,
  contentType: z.enum(attachmentContentTypes, { message: tenancyErrors.attachmentType }),
});
/** Where the web app uploads a file (multipart/form-data, with the CSRF header). */
export const attachmentUploadPath = '/api/attachments';

const dataTypeSchema = z.string().refine((value) => isMeasurementType(value), { message: 'Unknown measurement type' });

const seriesFields = {
  name,
  description: optionalText(tenancyLimits.descriptionMax),
  spaceId: intId.nullish(),
  dataType: dataTypeSchema,
  dataUnit: optionalText(20),
  dataName: optionalText(tenancyLimits.nameMax),
  colorId: z.number().int().nullish(),
  limitId: z.number().int().nullish(),
  locked: z.boolean().optional(),
};
export const createSeriesInput = z.object({ projectId: intId, ...seriesFields });
export const updateSeriesInput = z.object({
  id: intId,
  ...seriesFields,
  name: name.optional(),
  dataType: dataTypeSchema.optional(),
});

const datasourceBounds = {
  startAt: z.date().nullish(),
  startInclusive: z.boolean().optional(),
  endAt: z.date().nullish(),
  endInclusive: z.boolean().optional(),
};
const boundsInOrder = (input: { startAt?: Date | null; endAt?: Date | null }, context: z.RefinementCtx) => {
  if (input.startAt && input.endAt && input.endAt < input.startAt) {
    context.addIssue({ code: 'custom', path: ['endAt'], message: tenancyErrors.endBeforeStart });
  }
};
/** A datasource function and the further channels it reads; null clears the function. */
const datasourceFunctionFields = {
  functionId: z.string().trim().max(64, { message: 'Too long' }).nullish(),
  extraChannels: z
    .array(required(z.string({ message: 'Required' }).trim()).max(64, { message: 'Too long' }))
    .max(4)
    .optional(),
};
export const createSeriesDatasourceInput = z
  .object({
    seriesId: intId,
    meterId: intId,
    channel: required(z.string({ message: 'Required' }).trim()).max(64, { message: 'Too long' }),
    ...datasourceBounds,
    ...datasourceFunctionFields,
  })
  .superRefine(boundsInOrder);
export const updateSeriesDatasourceInput = z
  .object({ id: intId, ...datasourceBounds, ...datasourceFunctionFields })
  .superRefine(boundsInOrder);

export const createIntegrationInput = z.object({
  organizationId: uuidSchema,
  name,
  kind: z.enum(['tts', 'chirpstack', 'any']).optional(),
});

export const meterSerialsInput = z.object({
  serials: z
    .array(
      z
        .string()
        .trim()
        .transform((serial) => serial.replace(/[^0-9a-fA-F]/g, '').toLowerCase())
        .pipe(z.string().length(16, { message: 'A serial (DevEUI) has 16 hex digits' })),
    )
    .min(1, { message: 'Required' })
    .max(500, { message: 'Too many' }),
});

/** Battery history: days of one query, so that a range stays one cheap index scan of the meter's readings. */
export const meterLimits = {
  batteryHistoryMaxDays: 3 * 366,
} as const;

export const meterErrors = {
  batteryHistoryTooLong: 'Choose at most three years of battery history',
  unknownCommand: "This meter's driver has no such command",
  commandIntervalOutOfRange: 'Choose an interval the command accepts',
  commandOrPayload: 'Choose a command, or give a port and the payload as hex bytes',
  payloadHex: 'Give the payload as hex bytes and a port 1–223',
} as const;

export const meterCommandLimits = {
  nameMax: 200,
  /** Meters one bulk command reaches: a saved list of a large organization, not the whole site. */
  bulkMetersMax: 1000,
} as const;

const commandId = z
  .string({ message: 'Required' })
  .trim()
  .min(1, { message: 'Required' })
  .max(64, { message: 'Too long' });
/** Seconds; the command's own range is checked against the meter's driver. */
const commandInterval = z.number({ message: 'Invalid number' }).int({ message: meterErrors.commandIntervalOutOfRange });

/**
 * One command to one meter: a command of its driver by id (with seconds for an interval command),
 * or a raw downlink (port and hex bytes) under a name of the sender's choosing.
 */
export const sendMeterCommandInput = z
  .object({
    meterId: intId,
    commandId: commandId.nullish(),
    interval: commandInterval.nullish(),
    name: z.string().trim().max(meterCommandLimits.nameMax, { message: 'Too long' }).nullish(),
    fPort: z.number().nullish(),
    // People paste bytes with spaces or colons between them.
    payloadHex: z
      .string()
      .transform((value) => value.replace(/[\s:]/g, '').toLowerCase())
      .nullish(),
  })
  .superRefine((input, context) => {
    if (input.commandId) return;
    if (input.fPort == null && !input.payloadHex) {
      context.addIssue({ code: 'custom', path: ['commandId'], message: meterErrors.commandOrPayload });
      return;
    }
    const portOk = Number.isInteger(input.fPort) && (input.fPort as number) >= 1 && (input.fPort as number) <= 223;
    if (!portOk || !/^([0-9a-f]{2}){1,242}$/.test(input.payloadHex ?? '')) {
      context.addIssue({ code: 'custom', path: ['payloadHex'], message: meterErrors.payloadHex });
    }
    if (!input.name) context.addIssue({ code: 'custom', path: ['name'], message: 'Required' });
  });

/** The same command of their drivers to many meters (the `/meters` bulk action). */
export const sendMeterCommandsInput = z.object({
  meterIds: z
    .array(intId)
    .min(1, { message: 'Choose at least one meter' })
    .max(meterCommandLimits.bulkMetersMax, { message: 'Too many meters' })
    .transform((ids) => [...new Set(ids)]),
  commandId,
  interval: commandInterval.nullish(),
});

export const updateMeterInput = z.object({
  id: intId,
  name: optionalText(tenancyLimits.nameMax),
  description: optionalText(tenancyLimits.descriptionMax),
  location: optionalText(tenancyLimits.nameMax),
  driver: z.string().trim().max(64).nullish(),
  active: z.boolean().optional(),
});
