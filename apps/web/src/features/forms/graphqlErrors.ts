import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { errorMessageField, errorMessageKey } from '../i18n/serverErrors.ts';

export interface FormErrorsFromServer {
  /** i18n keys per form field. */
  fields: Record<string, string>;
  /** i18n keys of errors that belong to no field. */
  general: string[];
  /** The reference an unexpected server error was logged under, for the user to quote. */
  reference?: string;
}

interface Issue {
  path?: unknown;
  message?: unknown;
}

function issuePath(path: unknown): string {
  if (Array.isArray(path)) return path.map(String).join('.');
  return typeof path === 'string' ? path : '';
}

/** Splits a failed operation's errors into field errors (BAD_USER_INPUT issues, duplicates) and the rest. */
export function formErrorsFromServer(error: unknown): FormErrorsFromServer {
  const result: FormErrorsFromServer = { fields: {}, general: [] };
  if (!CombinedGraphQLErrors.is(error)) {
    result.general.push('The server could not be reached. Please try again.');
    return result;
  }
  for (const graphQLError of error.errors) {
    const reference = graphQLError.extensions?.reference;
    if (graphQLError.extensions?.code === 'INTERNAL_SERVER_ERROR' && typeof reference === 'string') {
      result.reference ??= reference;
    }
    const issues = graphQLError.extensions?.issues;
    if (Array.isArray(issues) && issues.length > 0) {
      for (const issue of issues as Issue[]) {
        const path = issuePath(issue.path);
        const message = errorMessageKey(String(issue.message ?? graphQLError.message));
        if (path && !(path in result.fields)) result.fields[path] = message;
        else if (!path) result.general.push(message);
      }
      continue;
    }
    const field = errorMessageField(graphQLError.message);
    const message = errorMessageKey(graphQLError.message);
    if (field) result.fields[field] = message;
    else result.general.push(message);
  }
  return result;
}
