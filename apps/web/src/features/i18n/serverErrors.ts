import { accountErrors, tenancyErrors } from '@olo/shared';

/** Server messages that are not themselves the i18n key users should see. */
const messageKeys: Record<string, string> = {
  [accountErrors.duplicateEmail]: 'Duplicate email',
  [accountErrors.duplicateUsername]: 'Duplicate username',
  [tenancyErrors.duplicateSlug]: 'Duplicate slug',
  [tenancyErrors.duplicateOrganizationMember]: 'Already a member',
  [tenancyErrors.duplicateProjectMember]: 'Already a member',
};

/** Form field that a server message belongs to, when it is about one field. */
const messageFields: Record<string, string> = {
  [accountErrors.duplicateEmail]: 'email',
  [accountErrors.duplicateUsername]: 'username',
  [tenancyErrors.duplicateSlug]: 'slug',
};

export function errorMessageKey(message: string): string {
  return messageKeys[message] ?? message;
}

export function errorMessageField(message: string): string | undefined {
  return messageFields[message];
}
