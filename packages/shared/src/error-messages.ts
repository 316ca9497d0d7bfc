/**
 * Error messages the server sends and the web app translates. Kept apart from the zod schemas so
 * that the app's shell, which only needs these, does not pull zod into the initial JavaScript.
 */
import type { Language } from './languages.ts';

/** Messages of account errors that the web app translates; the two duplicates are fixed by spec section 8. */
export const accountErrors = {
  duplicateEmail: 'Duplicate value for users_email unique constraint',
  duplicateUsername: 'Duplicate value for users_username unique constraint',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many login attempts',
  tooManyRequests: 'Too many requests, try again later',
  invalidToken: 'Invalid or expired link',
  notSignedIn: 'Not signed in',
  forbidden: 'Forbidden',
  wrongPassword: 'Wrong password',
  emailNotVerified: 'Email is not verified',
  primaryEmail: 'The primary email cannot be deleted',
  notFound: 'Not found',
  invalidInput: 'Invalid input',
} as const;

export const tenancyErrors = {
  permissionDenied: 'Permission denied',
  duplicateSlug: 'Duplicate value for organizations_slug unique constraint',
  duplicateOrganizationMember: 'Duplicate value for organization_memberships_organization_user unique constraint',
  duplicateProjectMember: 'Duplicate value for project_memberships_project_user unique constraint',
  organizationNotEmpty: 'The organization still has projects or child organizations',
  parentCycle: 'An organization cannot be inside itself',
  invitationInvalid: 'Invalid or expired invitation',
  invitationTargetRequired: 'Choose an organization or a project',
  inviteeRequired: 'Give an email address or a username',
  unknownUser: 'No user with that username',
  lastAdmin: 'The organization needs at least one administrator',
  unknownTimeZone: 'Unknown time zone',
  attachmentTooLarge: 'The file is too large',
  attachmentType: 'This file type is not allowed',
  attachmentOfAnotherProject: 'The file belongs to another project',
  /** A file a report or cover may not show, or none at all: the same words, so that ids cannot be probed. */
  noSuchFile: 'No such file',
  endBeforeStart: 'The end is before the start',
} as const;

/**
 * A fault of the server: GraphQL answers this fixed message (the web app's key) with
 * `extensions: {code: 'INTERNAL_SERVER_ERROR', reference}`; the reference is the id it was logged under.
 */
export const unexpectedError = 'Unexpected error.';

/** The same fault in words with its reference, for answers the browser or a script reads as they are (HTTP routes). */
const unexpectedErrorTexts: Record<Language, string> = {
  fi: 'Odottamaton virhe palvelimella. Viite: {reference}',
  sv: 'Oväntat fel på servern. Referens: {reference}',
  en: 'Unexpected error on the server. Reference: {reference}',
};

export function unexpectedErrorText(language: Language, reference: string): string {
  return unexpectedErrorTexts[language].replace('{reference}', reference);
}

/** Messages of colour and limit errors that the web app translates. */
export const limitErrors = {
  invalidColor: 'Give a colour as #rrggbb',
  maxNotAboveMin: 'The maximum must be above the minimum',
  edgesNotAscending: 'Band edges must rise from the minimum to the maximum',
  edgeOutsideScale: 'Band edges must lie between the minimum and the maximum',
  colorPerBand: 'Every band needs one colour',
  normalMaxBelowMin: 'The normal range ends before it starts',
  tooManyBands: 'A limit has at most 12 bands',
  limitInUse: 'The limit is in use: {places}',
  unknownColor: 'The colour is not available in this project',
  unknownLimit: 'The limit is not available in this project',
  limitOfOtherType: 'The limit is for another measurement type',
} as const;

/** Messages of report schedules' errors that the web app translates. */
export const reportScheduleErrors = {
  tooManySchedules: 'A report has at most 5 schedules',
  recipientNotAllowed: 'The recipient may not view the reports of the project',
  alreadySent: 'The latest period was sent already',
  tooManySendings: 'Too many sendings in the organization, try again later',
} as const;
