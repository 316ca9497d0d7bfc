import { useMutation } from '@apollo/client/react';
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { createOrganizationInput } from '@olo/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CreateOrganizationDocument, type OrganizationSummaryFieldsFragment } from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormError } from '../ui/FormError.tsx';
import { forgetOrganizationLists } from './organizationCache.ts';
import { slugFromName } from './slug.ts';

interface CreateOrganizationFormProps {
  /** Organizations the new one may go under (those the viewer administers); none: top level only. */
  parents?: OrganizationSummaryFieldsFragment[];
  /** A fixed parent, for "Create child organization". */
  parentId?: string;
  onCancel?: () => void;
}

/** Creates an organization (its creator becomes its admin) and opens it. */
export function CreateOrganizationForm({ parents = [], parentId, onCancel }: CreateOrganizationFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createOrganization, { loading }] = useMutation(CreateOrganizationDocument);
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm({
    initialValues: { name: '', slug: '', description: '', parentId: parentId ?? (null as string | null) },
    schema: createOrganizationInput,
  });
  const markSaved = useDirtyForm('create-organization', form.isDirty());
  // The slug follows the name until the user edits the slug themself.
  const slugEdited = useRef(false);

  const nameProps = inputProps('name');
  const slugProps = inputProps('slug');

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    const input = createOrganizationInput.parse(values);
    let slug: string;
    try {
      const { data } = await createOrganization({
        variables: input,
        update: (cache) => forgetOrganizationLists(cache, input.parentId),
      });
      slug = data?.createOrganization.slug ?? input.slug;
    } catch (error) {
      return showServerError(error);
    }
    markSaved();
    navigate(`/o/${encodeURIComponent(slug)}`);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('Create organization')} data-testid="create-organization-form">
      <Stack>
        <FormError message={generalError} />
        <TextInput
          label={t('Name')}
          required
          {...nameProps}
          onChange={(event) => {
            nameProps.onChange(event);
            if (!slugEdited.current) form.setFieldValue('slug', slugFromName(event.currentTarget.value));
          }}
        />
        <TextInput
          label={t('Short name in addresses')}
          description={t('Lowercase letters, digits and hyphens, e.g. my-organization')}
          required
          {...slugProps}
          onChange={(event) => {
            slugEdited.current = event.currentTarget.value !== '';
            slugProps.onChange(event);
          }}
        />
        <Textarea label={t('Description')} rows={3} {...inputProps('description')} />
        {!parentId && parents.length > 0 && (
          <Select
            label={t('Parent organization')}
            placeholder={t('None (a top-level organization)')}
            clearable
            searchable
            data={parents.map((parent) => ({ value: parent.id, label: `${parent.name} (${parent.path})` }))}
            {...inputProps('parentId')}
          />
        )}
        <Group>
          <Button type="submit" loading={loading}>
            {t('Create organization')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('Cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
