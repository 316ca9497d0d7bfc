import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, ColorInput, Group, NumberInput, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { type ColorType, colorTypes, createColorInput } from '@olo/shared';
import { useState } from 'react';
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
import { useConfirmedAction } from '../forms/useShowError.ts';
import { EditDeleteButtons } from '../ui/EditDeleteButtons.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { Section } from '../ui/Section.tsx';

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
  const [createColor, creating] = useMutation(CreateManagedColorDocument, { refetchQueries: refetchColors });
  const [updateColor, updating] = useMutation(UpdateManagedColorDocument);
  const { form, inputProps, generalError, onSave } = useSchemaForm<ColorFormValues>({
    initialValues: color
      ? { name: color.name, color: color.color, type: color.type, order: color.order }
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
        label={color ? t('Edit colour {{name}}', { name: color.name }) : t('New colour')}
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
  const confirmed = useConfirmedAction();
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
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleteColor] = useMutation(DeleteManagedColorDocument, { refetchQueries: refetchColors });
  const nextOrder = (colors ?? []).reduce((max, color) => Math.max(max, color.order + 1), 0);
  const edited = colors?.find((color) => color.id === editing);

  const remove = (color: ManagedColorFieldsFragment) =>
    confirmed(
      t('Delete the colour {{name}}? Spaces and series that use it are left without a colour.', { name: color.name }),
      () => deleteColor({ variables: { id: color.id } }),
      t('Colour deleted.'),
    );

  return (
    <Section
      id={organizationId === null ? 'global-colors' : 'organization-colors'}
      testId="colors-section"
      title={t('Colors')}
      description={t('Named colours that spaces and series can be given.')}
      action={
        editing === null && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            {t('Add colour')}
          </Button>
        )
      }
    >
      {editing === 'new' && (
        <ColorForm organizationId={organizationId} nextOrder={nextOrder} onDone={() => setEditing(null)} />
      )}
      {edited && (
        <ColorForm
          key={edited.id}
          organizationId={organizationId}
          color={edited}
          nextOrder={nextOrder}
          onDone={() => setEditing(null)}
        />
      )}
      <ListTable
        loading={query.loading}
        error={query.error}
        items={colors}
        empty={<EmptyState testId="no-colors">{t('No colours yet.')}</EmptyState>}
        label={t('Colors')}
        testId="colors-table"
        minWidth={340}
        head={
          <>
            <Table.Th>{t('Colour')}</Table.Th>
            <Table.Th>{t('Name')}</Table.Th>
            <Table.Th>{t('Use')}</Table.Th>
            <Table.Th>{t('Order')}</Table.Th>
            <Table.Th />
          </>
        }
        row={(color) => (
          <Table.Tr key={color.id} data-testid="color-row">
            <Table.Td>
              <ColorSwatch color={color.color} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {color.name}
              </Text>
            </Table.Td>
            <Table.Td>{typeLabels[color.type as ColorType] ?? color.type}</Table.Td>
            <Table.Td>{color.order}</Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <EditDeleteButtons
                  name={color.name}
                  onEdit={() => setEditing(color.id)}
                  onDelete={() => remove(color)}
                  editDisabled={editing !== null}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Section>
  );
}
