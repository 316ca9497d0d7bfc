import { useMutation, useQuery } from '@apollo/client/react';
import { Paper, TextInput } from '@mantine/core';
import { createReportCoverInput } from '@olo/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateReportCoverDocument,
  DeleteReportCoverDocument,
  OrganizationReportCoversDocument,
  type ReportCoverAdminFieldsFragment,
} from '../../../graphql/generated.ts';
import { useDirtyForm } from '../../forms/DirtyFormsProvider.tsx';
import { formSchema } from '../../forms/formSchema.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { FormButtons } from '../../ui/FormButtons.tsx';
import { FormStack } from '../../ui/FormStack.tsx';
import { LoadingSkeleton } from '../../ui/QueryState.tsx';
import { newCoverContent } from './coverContent.ts';
import { ReportPartsSection } from './ReportPartsSection.tsx';

const refetchCovers = ['OrganizationReportCovers'];

// The editor brings the rich text editor (TipTap) and the report's drawing: loaded when a cover is opened.
const CoverEditor = lazy(() => import('./CoverEditor.tsx').then((module) => ({ default: module.CoverEditor })));

interface NewCoverValues extends Record<string, unknown> {
  name: string;
}

/** Names the new cover; it starts with the report's name, project and period, and opens in the editor. */
function NewCoverForm({
  organizationId,
  onCreated,
  onCancel,
}: {
  organizationId: string;
  onCreated: (cover: ReportCoverAdminFieldsFragment) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [createCover, { loading }] = useMutation(CreateReportCoverDocument, { refetchQueries: refetchCovers });
  const { form, inputProps, generalError, onSave } = useSchemaForm<NewCoverValues>({
    initialValues: { name: '' },
    schema: formSchema<NewCoverValues>({
      schema: createReportCoverInput,
      toInput: (values) => ({ organizationId, name: values.name }),
    }),
  });
  useDirtyForm('new-cover', form.isDirty());
  const submit = onSave(async (values) => {
    const { data } = await createCover({
      variables: { input: { organizationId, name: values.name.trim(), cover: newCoverContent() } },
    });
    if (!data) throw new Error('No answer to createReportCover');
    return data.createReportCover;
  }, onCreated);
  return (
    <Paper withBorder p="sm">
      <FormStack onSubmit={submit} label={t('New cover')} error={generalError} testId="new-cover-form">
        <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
        <FormButtons loading={loading} submitLabel={t('Create cover')} onCancel={onCancel} />
      </FormStack>
    </Paper>
  );
}

/**
 * The organization's report covers (its admins): the first page of its reports, with the organization's logo and
 * texts with variables. Listed, created, edited (renamed too) and deleted here; reports choose one in their editor.
 */
export function ReportCoversSection({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName: string;
}) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(OrganizationReportCoversDocument, {
    variables: { organizationId },
    fetchPolicy: 'cache-and-network',
  });
  const [deleteCover] = useMutation(DeleteReportCoverDocument, { refetchQueries: refetchCovers });

  return (
    <ReportPartsSection
      kind="report-cover"
      title={t('Report covers')}
      description={t(
        'The first page of the organization’s reports: its logo and texts such as the project’s name and the period.',
      )}
      newLabel={t('New cover')}
      emptyText={t('No covers yet. A cover gives the organization’s reports a first page of their own.')}
      query={{ items: data?.organization.reportCovers, loading, error }}
      editor={(cover, close, open) =>
        cover === 'new' ? (
          <NewCoverForm organizationId={organizationId} onCreated={(created) => open(created.id)} onCancel={close} />
        ) : (
          <Suspense fallback={<LoadingSkeleton />}>
            <CoverEditor cover={cover} organizationName={organizationName} onDone={close} />
          </Suspense>
        )
      }
      confirmDelete={(cover) =>
        t('Delete the cover {{name}}? Reports that use it are left without a cover.', { name: cover.name })
      }
      deleteItem={(cover) => deleteCover({ variables: { id: cover.id } })}
      deleted={t('Cover deleted.')}
    />
  );
}
