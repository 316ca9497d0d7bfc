import { useMutation, useQuery } from '@apollo/client/react';
import { Paper, SimpleGrid, TextInput } from '@mantine/core';
import { cloneReportInput } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import {
  CloneReportDocument,
  type CloneReportMutation,
  ReportCloneTargetsDocument,
  type ReportListFieldsFragment,
} from '../../../graphql/generated.ts';
import { useDirtyForm } from '../../forms/DirtyFormsProvider.tsx';
import { formSchema } from '../../forms/formSchema.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { FormButtons } from '../../ui/FormButtons.tsx';
import { FormStack } from '../../ui/FormStack.tsx';
import { RequiredSelect } from '../../ui/RequiredSelect.tsx';

interface CloneReportValues extends Record<string, unknown> {
  /** The target project's id as the select holds it. */
  projectId: string;
  name: string;
}

export type ClonedReport = CloneReportMutation['cloneReport'];

const cloneFormSchema = (reportId: number) =>
  formSchema<CloneReportValues>({
    schema: cloneReportInput,
    toInput: (values) => ({ id: reportId, projectId: Number(values.projectId), name: values.name }),
    requiredSelects: ['projectId'],
  });

/**
 * Copies a report into this project or another one whose reports the user administers; the server maps its
 * selections onto the target's spaces by name and tells what it could not map.
 */
export function CloneReportForm({
  report,
  onCloned,
  onCancel,
}: {
  report: ReportListFieldsFragment;
  onCloned: (cloned: ClonedReport) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const targets = useQuery(ReportCloneTargetsDocument, { fetchPolicy: 'cache-and-network' });
  const [cloneReport, { loading }] = useMutation(CloneReportDocument, {
    refetchQueries: ['ProjectReports', 'ProjectSummaryReports'],
  });
  const { form, inputProps, generalError, onSave } = useSchemaForm<CloneReportValues>({
    initialValues: { projectId: String(report.projectId), name: t('Copy of {{name}}', { name: report.name }) },
    schema: cloneFormSchema(report.id),
  });
  const markSaved = useDirtyForm('clone-report', form.isDirty());
  // This project is offered even before the list arrives: the user opened the form from its report list.
  const projects = (targets.data?.projects ?? []).filter(
    (project) => project.id === report.projectId || project.privileges.includes('adminReports'),
  );
  const options = projects.length
    ? projects.map((project) => ({
        value: String(project.id),
        label: project.organization ? `${project.name} (${project.organization.name})` : project.name,
      }))
    : [{ value: String(report.projectId), label: t('This project') }];

  const submit = onSave(
    async (values) => {
      const input = cloneReportInput.parse({ id: report.id, projectId: Number(values.projectId), name: values.name });
      const { data } = await cloneReport({ variables: { input } });
      if (!data) throw new Error('No answer to cloneReport');
      return data.cloneReport;
    },
    (cloned) => {
      markSaved();
      onCloned(cloned);
    },
  );

  return (
    <Paper withBorder p="md">
      <FormStack
        onSubmit={submit}
        label={t('Clone {{name}}', { name: report.name })}
        error={generalError}
        testId="clone-report-form"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RequiredSelect label={t('Into the project')} data={options} field={inputProps('projectId')} />
          <TextInput label={t('Name of the copy')} withAsterisk {...inputProps('name')} />
        </SimpleGrid>
        <FormButtons loading={loading} submitLabel={t('Clone')} onCancel={onCancel} />
      </FormStack>
    </Paper>
  );
}
