import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { createReportCoverInput } from '@olo/shared';
import { lazy, Suspense, useState } from 'react';
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
import { useConfirmedAction } from '../../forms/useShowError.ts';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FormButtons } from '../../ui/FormButtons.tsx';
import { FormStack } from '../../ui/FormStack.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { LoadingSkeleton } from '../../ui/QueryState.tsx';
import { Section } from '../../ui/Section.tsx';
import { useFormatDateTime } from '../../ui/timeZone.tsx';
import { newCoverContent } from './coverContent.ts';

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
  const formatTime = useFormatDateTime('minute');
  const confirmed = useConfirmedAction();
  const { data, loading, error } = useQuery(OrganizationReportCoversDocument, {
    variables: { organizationId },
    fetchPolicy: 'cache-and-network',
  });
  const [deleteCover] = useMutation(DeleteReportCoverDocument, { refetchQueries: refetchCovers });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const covers = data?.organization.reportCovers;
  const edited = covers?.find((cover) => cover.id === editing);

  const remove = (cover: ReportCoverAdminFieldsFragment) =>
    confirmed(
      t('Delete the cover {{name}}? Reports that use it are left without a cover.', { name: cover.name }),
      () => deleteCover({ variables: { id: cover.id } }),
      t('Cover deleted.'),
    );

  return (
    <Section
      id="report-covers"
      testId="report-covers-section"
      title={t('Report covers')}
      description={t(
        'The first page of the organization’s reports: its logo and texts such as the project’s name and the period.',
      )}
      action={
        editing === null && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            {t('New cover')}
          </Button>
        )
      }
    >
      {editing === 'new' && (
        <NewCoverForm
          organizationId={organizationId}
          onCreated={(cover) => setEditing(cover.id)}
          onCancel={() => setEditing(null)}
        />
      )}
      {edited && (
        <Suspense fallback={<LoadingSkeleton />}>
          <CoverEditor
            key={edited.id}
            cover={edited}
            organizationName={organizationName}
            onDone={() => setEditing(null)}
          />
        </Suspense>
      )}
      <ListTable
        loading={loading && !data}
        error={data ? undefined : error}
        items={covers}
        empty={
          <EmptyState testId="no-report-covers">
            {t('No covers yet. A cover gives the organization’s reports a first page of their own.')}
          </EmptyState>
        }
        label={t('Report covers')}
        testId="report-covers-table"
        minWidth={420}
        head={
          <>
            <Table.Th>{t('Name')}</Table.Th>
            <Table.Th>{t('Updated')}</Table.Th>
            <Table.Th>{t('Actions')}</Table.Th>
          </>
        }
        row={(cover) => (
          <Table.Tr key={cover.id} data-testid="report-cover-row">
            <Table.Td>
              <Text size="sm" fw={500}>
                {cover.name}
              </Text>
            </Table.Td>
            <Table.Td>{formatTime(cover.updatedAt)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <EditDeleteButtons
                  name={cover.name}
                  onEdit={() => setEditing(cover.id)}
                  onDelete={() => remove(cover)}
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
