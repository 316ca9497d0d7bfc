import { type ComboboxData, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type FieldProps = { value?: unknown; onChange: (value: never) => void };

/**
 * A form's select props with '' as "nothing chosen": Mantine's Select clears its shown text only for null, so a form
 * reset to '' would otherwise go on showing the old choice.
 */
export function selectProps<P extends FieldProps>(props: P) {
  return {
    ...props,
    value: (props.value as string | null | undefined) || null,
    onChange: (value: string | null) => (props.onChange as (value: string) => void)(value ?? ''),
  };
}

/** A select that must be chosen, searched by typing; `field` is the form's props of the field. */
export function RequiredSelect<P extends FieldProps>({
  label,
  data,
  field,
}: {
  label: string;
  data: ComboboxData;
  field: P;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      withAsterisk
      // Picking the chosen option again would otherwise clear a field that must have a value.
      allowDeselect={false}
      searchable
      data={data}
      nothingFoundMessage={t('No matches')}
      {...selectProps(field)}
    />
  );
}
