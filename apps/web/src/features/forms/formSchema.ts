import type { schemaResolver } from '@mantine/form';

/** What `useSchemaForm` validates with: a Standard Schema, as zod's schemas are. */
export type StandardSchema = Parameters<typeof schemaResolver>[0];

/** A problem of one field; its message is an i18n key. */
export type FormIssue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

type Checked = { issues?: ReadonlyArray<FormIssue>; value?: unknown };

/**
 * A form's validation: a shared schema run on the form's values turned into its input (selects hold strings, datetime
 * inputs wall-clock times), and the form's own rules. A field the form's own rules speak of shows their issue rather
 * than the schema's: an empty required select says "Required", not the schema's "Invalid id", which would puzzle
 * whoever simply has not chosen yet.
 */
export function formSchema<Values>({
  schema,
  toInput = (values) => values,
  requiredSelects = [],
  issues = () => [],
}: {
  /** A shared schema; without one, only the form's own rules apply. */
  schema?: StandardSchema;
  toInput?: (values: Values) => unknown;
  /** Selects that must be chosen. */
  requiredSelects?: readonly (keyof Values & string)[];
  /** The form's own rules. */
  issues?: (values: Values) => FormIssue[];
}): StandardSchema {
  const fieldOf = (issue: FormIssue) => {
    const first = issue.path?.[0] ?? '';
    return String(typeof first === 'object' ? first.key : first);
  };
  return {
    '~standard': {
      version: 1,
      vendor: 'olo',
      validate: (value: unknown) => {
        const values = value as Values;
        const own = [
          ...issues(values),
          ...requiredSelects.filter((field) => !values[field]).map((field) => ({ message: 'Required', path: [field] })),
        ];
        const withOwn = (checked: Checked): Checked => {
          if (own.length === 0) return checked;
          const fields = new Set(own.map(fieldOf));
          const others = (checked.issues ?? []).filter((issue) => !fields.has(fieldOf(issue)));
          return { issues: [...others, ...own] };
        };
        if (!schema) return withOwn({ value });
        const result = schema['~standard'].validate(toInput(values)) as Checked | Promise<Checked>;
        return result instanceof Promise ? result.then(withOwn) : withOwn(result);
      },
    },
  } as StandardSchema;
}
