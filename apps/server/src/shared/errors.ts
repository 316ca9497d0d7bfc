import type { z } from 'zod';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INVALID_CREDENTIALS'
  | 'TOO_MANY_REQUESTS'
  | 'INVALID_TOKEN'
  /** A part of the server (e.g. the PDF renderer's Chromium) cannot serve the request now. */
  | 'UNAVAILABLE';

/** The HTTP status of an AppError on the REST routes (GraphQL carries the code in its errors instead). */
export function httpStatusOf(error: AppError): number {
  const statuses: Partial<Record<ErrorCode, number>> = {
    BAD_USER_INPUT: 400,
    UNAUTHENTICATED: 401,
    FORBIDDEN: 403,
    NOT_FOUND: 404,
    CONFLICT: 409,
    TOO_MANY_REQUESTS: 429,
    UNAVAILABLE: 503,
  };
  return statuses[error.code] ?? 400;
}

export interface InputIssue {
  /** Dotted path of the offending argument, e.g. `email` or `options.ui`. */
  path: string;
  /** An i18n key the web app translates (see packages/shared/src/accounts.ts). */
  message: string;
}

/**
 * An error the user caused or may see. Its message is a fixed English sentence that doubles as the
 * i18n key of the web app; anything else thrown is a fault and is masked before it leaves the server.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: InputIssue[],
    /** Values of the message's `{name}` placeholders, sent as `extensions.values` (the message stays the i18n key). */
    readonly values?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new AppError('BAD_USER_INPUT', 'Invalid input', issues);
}

interface PostgresError {
  code?: string;
  constraint_name?: string;
  constraint?: string;
}

/** Turns a unique violation into the message the spec fixes ("Duplicate value for users_email unique constraint"). */
function uniqueViolation(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const candidate = current as PostgresError;
    if (candidate.code === '23505') {
      const constraint = candidate.constraint_name ?? candidate.constraint ?? 'unknown';
      return new AppError('CONFLICT', `Duplicate value for ${constraint} unique constraint`);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs a write, rethrowing a unique violation as the user-facing duplicate error. */
export async function withDuplicateErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/** An input error on one field, shaped as a zod issue of `parseInput`, for rules the schema cannot check alone. */
export const invalidField = (path: string, message: string) =>
  new AppError('BAD_USER_INPUT', 'Invalid input', [{ path, message }]);
