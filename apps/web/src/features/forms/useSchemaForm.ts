import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StandardSchema } from './formSchema.ts';
import { formErrorsFromServer } from './graphqlErrors.ts';

interface SchemaFormOptions<Values extends Record<string, unknown>> {
  initialValues: Values;
  /** A shared zod schema; its messages are i18n keys. */
  schema: StandardSchema;
}

/**
 * A Mantine form validated with a shared schema, whose field errors (from the schema or from the server) are shown
 * translated next to the field, and whose other server errors are kept in `generalError`.
 */
export function useSchemaForm<Values extends Record<string, unknown>>({
  initialValues,
  schema,
}: SchemaFormOptions<Values>) {
  const { t } = useTranslation();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }) as (values: Values) => FormErrors,
  });

  const inputProps = (path: keyof Values & string) => {
    const props = form.getInputProps(path);
    const error = props.error ? t(String(props.error)) : undefined;
    // Mantine's PasswordInput does not mark its inner input invalid by itself.
    return { ...props, error, 'aria-invalid': error ? true : undefined };
  };

  /** Shows a failed operation's errors; returns nothing so that callers can simply `return showServerError(e)`. */
  const showServerError = (error: unknown): void => {
    const { fields, general, reference } = formErrorsFromServer(error);
    const known = Object.fromEntries(Object.entries(fields).filter(([path]) => path in form.getValues()));
    const unknownFields = Object.entries(fields)
      .filter(([path]) => !(path in known))
      .map(([, message]) => message);
    form.setErrors(known);
    const other = [...general, ...unknownFields].map((message) => t(message));
    if (reference) other.push(t('Reference: {{reference}}', { reference }));
    setGeneralError(other.length ? other.join(' ') : null);
  };

  const clearGeneralError = () => setGeneralError(null);

  /**
   * The form's submit handler: `save` runs on the checked values and its failure is shown on the form; once it has
   * succeeded the form holds nothing unsaved (`then: 'reset'` empties a form that adds things for the next one) and
   * `saved` runs with what `save` returned.
   */
  const onSave = <Result>(
    save: (values: Values) => Promise<Result>,
    saved: (result: Result) => void,
    then: 'resetDirty' | 'reset' = 'resetDirty',
  ) =>
    form.onSubmit(async (values) => {
      clearGeneralError();
      let result: Result;
      try {
        result = await save(values);
      } catch (error) {
        return showServerError(error);
      }
      if (then === 'reset') form.reset();
      else form.resetDirty();
      saved(result);
    });

  /** The form starts again from `values`, what the server made of the saved ones: nothing is left unsaved. */
  const startFrom = (values: Values) => {
    form.setInitialValues(values);
    form.setValues(values);
  };

  return { form, inputProps, generalError, showServerError, clearGeneralError, onSave, startFrom };
}
