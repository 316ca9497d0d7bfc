import { useMutation } from '@apollo/client/react';
import { Alert, Divider, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { updateOrganizationInput } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import {
  DeleteOrganizationDocument,
  type OrganizationSummaryFieldsFragment,
  UpdateOrganizationDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { errorText } from '../forms/errorText.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { Section } from '../ui/Section.tsx';
import { forgetOrganizationLists } from './organizationCache.ts';

function EditOrganizationForm({ organization }: { organization: OrganizationSummaryFieldsFragment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [updateOrganization, { loading }] = useMutation(UpdateOrganizationDocument);
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm({
    initialValues: {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      description: organization.description ?? '',
    },
    schema: updateOrganizationInput,
  });
  const dirty = form.isDirty();
  const markSaved = useDirtyForm('edit-organization', dirty);

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    const input = updateOrganizationInput.parse(values);
    let slug: string;
    try {
      const { data } = await updateOrganization({
        variables: input,
        // Paths of the organizations below change with the slug.
        refetchQueries: input.slug !== organization.slug ? ['OrganizationList'] : [],
      });
      slug = data?.updateOrganization.slug ?? organization.slug;
    } catch (error) {
      return showServerError(error);
    }
    form.resetDirty();
    toast.success(t('Saved.'));
    if (slug !== organization.slug) {
      markSaved();
      navigate(`/o/${encodeURIComponent(slug)}`, { replace: true });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('Edit organization')} data-testid="edit-organization-form">
      <Stack>
        <FormError message={generalError} />
        <TextInput label={t('Name')} required {...inputProps('name')} />
        <TextInput
          label={t('Short name in addresses')}
          description={t('Changing it changes the address of the organization page.')}
          required
          {...inputProps('slug')}
        />
        <Textarea label={t('Description')} rows={3} {...inputProps('description')} />
        <FormButtons loading={loading} disabled={!dirty} />
      </Stack>
    </form>
  );
}

function DeleteOrganization({ organization }: { organization: OrganizationSummaryFieldsFragment }) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const navigate = useNavigate();
  const markSaved = useDirtyForm('delete-organization', false);
  const [error, setError] = useState<string | null>(null);
  const [deleteOrganization, { loading }] = useMutation(DeleteOrganizationDocument);

  const remove = async () => {
    if (!(await ask(t('Delete the organization {{name}}? This cannot be undone.', { name: organization.name })))) {
      return;
    }
    setError(null);
    try {
      await deleteOrganization({
        variables: { id: organization.id },
        // The organization itself stays cached: evicting it would make this page fetch it again before it closes.
        update: (cache) => forgetOrganizationLists(cache, organization.parentId),
      });
    } catch (caught) {
      setError(errorText(caught, t));
      return;
    }
    toast.success(t('The organization {{name}} was deleted.', { name: organization.name }));
    markSaved();
    const parentSlug = organization.path.split('/').at(-2);
    navigate(parentSlug ? `/o/${encodeURIComponent(parentSlug)}` : '/o', { replace: true });
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{t('Only an organization without projects and child organizations can be deleted.')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <DeleteButton variant="outline" size="sm" loading={loading} onClick={() => void remove()}>
          {t('Delete organization')}
        </DeleteButton>
      </Group>
    </Stack>
  );
}

/** Name, address and description of the organization, and its deletion; organization admins only. */
export function OrganizationSettingsSection({ organization }: { organization: OrganizationSummaryFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <Section id="organization-settings" title={t('Organization settings')}>
      <EditOrganizationForm organization={organization} />
      <Divider />
      <DeleteOrganization organization={organization} />
    </Section>
  );
}
