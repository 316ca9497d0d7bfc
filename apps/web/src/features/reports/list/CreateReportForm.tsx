import { useMutation, useQuery } from '@apollo/client/react';
import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { createReportInput } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateReportDocument,
  type CreateReportMutation,
  ReportCreationTemplatesDocument,
} from '../../../graphql/generated.ts';
import { useDirtyForm } from '../../forms/DirtyFormsProvider.tsx';
import { formSchema } from '../../forms/formSchema.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { DateField } from '../../ui/DateField.tsx';
import { FormButtons } from '../../ui/FormButtons.tsx';
import { FormStack } from '../../ui/FormStack.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { defaultReportDays, reportInstantsOfDays } from './reportRange.ts';

interface CreateReportValues extends Record<string, unknown> {
  name: string;
  /** `YYYY-MM-DD` days of the project's wall clock, both included. */
  from: string;
  to: string;
  /** A template's id, or '' for a blank report. */
  templateId: string;
}

export type CreatedReport = CreateReportMutation['createReport'];

function toCreateInput(values: CreateReportValues, projectId: number, timeZone: string) {
  return {
    projectId,
    name: values.name,
    ...reportInstantsOfDays(values.from, values.to, timeZone),
    templateId: values.templateId ? Number(values.templateId) : null,
  };
}

function CreateReportFields({
  projectId,
  timeZone,
  defaultSelect,
  templates,
  onCreated,
  onCancel,
}: {
  projectId: number;
  timeZone: string;
  defaultSelect: number;
  templates: { value: string; label: string }[];
  onCreated: (created: CreatedReport) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const [createReport, { loading }] = useMutation(CreateReportDocument, {
    refetchQueries: ['ProjectReports', 'ProjectSummaryReports'],
  });
  const { form, inputProps, generalError, onSave } = useSchemaForm<CreateReportValues>({
    initialValues: { name: '', ...defaultReportDays({ defaultSelect, timeZone }, now), templateId: '' },
    schema: formSchema<CreateReportValues>({
      schema: createReportInput,
      toInput: (values) => toCreateInput(values, projectId, timeZone),
    }),
  });
  const markSaved = useDirtyForm('create-report', form.isDirty());

  const submit = onSave(
    async (values) => {
      const input = createReportInput.parse(toCreateInput(values, projectId, timeZone));
      const { data } = await createReport({
        variables: {
          input: {
            projectId,
            name: input.name,
            from: input.from.toISOString(),
            to: input.to.toISOString(),
            templateId: input.templateId ?? null,
          },
        },
      });
      if (!data) throw new Error('No answer to createReport');
      return data.createReport;
    },
    (created) => {
      markSaved();
      onCreated(created);
    },
  );

  return (
    <FormStack onSubmit={submit} label={t('New report')} error={generalError} testId="create-report-form">
      <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label={t('First day')} required {...inputProps('from')} />
        <DateField label={t('Last day')} required {...inputProps('to')} />
      </SimpleGrid>
      <Select
        label={t('Start from')}
        description={t(
          'A template brings its content, data slots, cover and print settings, matched to this project’s spaces by name.',
        )}
        allowDeselect={false}
        searchable={templates.length > 8}
        data={[{ value: '', label: t('A blank report') }, ...templates]}
        {...inputProps('templateId')}
      />
      <FormButtons loading={loading} submitLabel={t('Create report')} onCancel={onCancel} />
    </FormStack>
  );
}

/** Creates a report in the project (report admins): blank or from a template of the organization chain. */
export function CreateReportForm({
  projectId,
  timeZone,
  onCreated,
  onCancel,
}: {
  projectId: number;
  timeZone: string;
  onCreated: (created: CreatedReport) => void;
  onCancel: () => void;
}) {
  const { data, loading, error } = useQuery(ReportCreationTemplatesDocument, {
    variables: { projectId },
    fetchPolicy: 'cache-and-network',
  });
  const templates = (data?.reportExtras.templates ?? []).map((template) => ({
    value: String(template.id),
    label:
      template.projectId === projectId
        ? template.name
        : `${template.name} (${template.projectName}, ${template.organizationName})`,
  }));
  return (
    <Paper withBorder p="md">
      <QueryState loading={loading && !data} error={data ? undefined : error} data={data}>
        {data && (
          <CreateReportFields
            projectId={projectId}
            timeZone={timeZone}
            defaultSelect={data.project.defaultSelect}
            templates={templates}
            onCreated={onCreated}
            onCancel={onCancel}
          />
        )}
      </QueryState>
    </Paper>
  );
}
