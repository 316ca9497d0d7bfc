import { useMutation, useQuery } from '@apollo/client/react';
import { Box, ColorInput, Group, NumberInput, Paper, Select, Text, TextInput } from '@mantine/core';
import { type ColorType, colorTypes, createColorInput } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CreateManagedColorDocument,
  DeleteManagedColorDocument,
  type ManagedColorFieldsFragment,
  ManagedGlobalColorsDocument,
  ManagedOrganizationColorsDocument,
  UpdateManagedColorDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { formSchema } from '../forms/formSchema.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { EditableListSection, ItemName } from '../ui/EditableListSection.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { useDisplayName } from './useDisplayName.ts';

const refetchColors = ['ManagedGlobalColors', 'ManagedOrganizationColors'];

export function useColorTypeLabels(): Record<ColorType, string> {
  const { t } = useTranslation();
  return { chart: t('Chart'), band: t('Band'), print: t('Print') };
}

/** A colour's swatch with its hex beside it, so that the colour is never the only thing telling it apart. */
export function ColorSwatch({ color }: { color: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        aria-hidden
        w={20}
        h={20}
        style={{ background: color, borderRadius: 4, border: '1px solid var(--mantine-color-gray-5)' }}
      />
      <Text size="sm" ff="monospace">
        {color}
      </Text>
    </Group>
  );
}

interface ColorFormValues extends Record<string, unknown> {
  name: string;
  color: string;
  type: string;
  order: number | '';
}

/** The form's values as `createColorInput` reads them: an empty order is left to the server. */
function colorInputOf(values: ColorFormValues, organizationId: string | null) {
  return {
    name: values.name,
    color: values.color,
    type: values.type,
    order: typeof values.order === 'number' ? values.order : undefined,
    organizationId,
  };
}

const colorFormSchema = formSchema<ColorFormValues>({
  schema: createColorInput,
  toInput: (values) => colorInputOf(values, null),
  requiredSelects: ['type'],
});

function ColorForm({
  organizationId,
  color,
  nextOrder,
  onDone,
}: {
  organizationId: string | null;
  /** The colour edited; none for a new one. */
  color?: ManagedColorFieldsFragment;
  nextOrder: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const typeLabels = useColorTypeLabels();
  const nameOf = useDisplayName();
  const [createColor, creating] = useMutation(CreateManagedColorDocument, { refetchQueries: refetchColors });
  const [updateColor, updating] = useMutation(UpdateManagedColorDocument);
  const { form, inputProps, generalError, onSave } = useSchemaForm<ColorFormValues>({
    initialValues: color
      ? { name: nameOf(color), color: color.color, type: color.type, order: color.order }
      : { name: '', color: '#1c7ed6', type: 'chart', order: nextOrder },
    schema: colorFormSchema,
  });
  useDirtyForm(color ? `color-${color.id}` : 'new-color', form.isDirty());

  const submit = onSave(
    async (values) => {
      const { organizationId: _owner, ...fields } = createColorInput.parse(colorInputOf(values, organizationId));
      if (color) await updateColor({ variables: { input: { id: color.id, ...fields } } });
      else await createColor({ variables: { input: { ...fields, organizationId } } });
    },
    () => {
      toast.success(color ? t('Saved.') : t('Colour added.'));
      onDone();
    },
  );

  return (
    <Paper withBorder p="sm">
      <FormStack
        onSubmit={submit}
        label={color ? t('Edit colour {{name}}', { name: nameOf(color) }) : t('New colour')}
        error={generalError}
        testId="color-form"
      >
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={t('Name')} withAsterisk miw={160} {...inputProps('name')} />
          <ColorInput
            label={t('Colour')}
            description="#rrggbb"
            withAsterisk
            format="hex"
            miw={160}
            {...inputProps('color')}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('Use')}
            withAsterisk
            allowDeselect={false}
            data={colorTypes.map((type) => ({ value: type, label: typeLabels[type] }))}
            miw={140}
            {...inputProps('type')}
          />
          <NumberInput label={t('Order')} allowDecimal={false} miw={120} {...inputProps('order')} />
        </Group>
        <FormButtons loading={creating.loading || updating.loading} onCancel={onDone} />
      </FormStack>
    </Paper>
  );
}

/** Colours by order, then by id (spec §9). */
export function sortColors<Item extends { order: number; id: number }>(colors: readonly Item[]): Item[] {
  return [...colors].sort((a, b) => a.order - b.order || a.id - b.id);
}

/**
 * The palette of an organization (`organizationId`) or the global one (null): the colours by order with their swatch
 * and hex, created, edited and deleted in place. Deleting a colour in use leaves its users without one.
 */
export function ColorsSection({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation();
  const typeLabels = useColorTypeLabels();
  const nameOf = useDisplayName();
  const global = useQuery(ManagedGlobalColorsDocument, {
    skip: organizationId !== null,
    fetchPolicy: 'cache-and-network',
  });
  const own = useQuery(ManagedOrganizationColorsDocument, {
    skip: organizationId === null,
    variables: { organizationId: organizationId ?? '' },
    fetchPolicy: 'cache-and-network',
  });
  const query = organizationId === null ? global : own;
  const loaded =
    organizationId === null
      ? global.data?.colors.filter((color) => color.organizationId === null)
      : own.data?.colorsByOrganization;
  const colors = loaded ? sortColors(loaded) : undefined;
  const [deleteColor] = useMutation(DeleteManagedColorDocument, { refetchQueries: refetchColors });
  const nextOrder = (colors ?? []).reduce((max, color) => Math.max(max, color.order + 1), 0);

  return (
    <EditableListSection
      id={organizationId === null ? 'global-colors' : 'organization-colors'}
      testId="colors-section"
      title={t('Colors')}
      description={t('Named colours that spaces and series can be given.')}
      newLabel={t('Add colour')}
      loading={query.loading}
      error={query.error}
      items={colors}
      empty={{ testId: 'no-colors', text: t('No colours yet.') }}
      tableLabel={t('Colors')}
      tableTestId="colors-table"
      minWidth={340}
      rowTestId="color-row"
      columns={[
        { header: t('Colour'), cell: (color) => <ColorSwatch color={color.color} /> },
        { header: t('Name'), cell: (color) => <ItemName name={nameOf(color)} /> },
        { header: t('Use'), cell: (color) => typeLabels[color.type as ColorType] ?? color.type },
        { header: t('Order'), cell: (color) => color.order },
      ]}
      actionsAtEnd
      editor={(color, close) => (
        <ColorForm
          organizationId={organizationId}
          color={color === 'new' ? undefined : color}
          nextOrder={nextOrder}
          onDone={close}
        />
      )}
      confirmDelete={(color) =>
        t('Delete the colour {{name}}? Spaces and series that use it are left without a colour.', {
          name: nameOf(color),
        })
      }
      deleteItem={(color) => deleteColor({ variables: { id: color.id } })}
      deleted={t('Colour deleted.')}
    />
  );
}
