import { useMutation } from '@apollo/client/react';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { createProjectInput, startOfDayIn } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CreateOrganizationProjectDocument } from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { formSchema } from '../forms/formSchema.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { DateField } from '../ui/DateField.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { forgetProjectLists } from './organizationCache.ts';

export const defaultTimeZone = 'Europe/Helsinki';

interface ProjectFormValues extends Record<string, unknown> {
  organizationId: string;
  name: string;
  code: string;
  description: string;
  /** `YYYY-MM-DD` of a date input, or empty. */
  startAt: string;
  timeZone: string;
}

/** The form's values as the shared input: the start day begins at midnight of the project's time zone. */
function toProjectInput(values: ProjectFormValues) {
  return { ...values, startAt: startOfDayIn(values.startAt, values.timeZone) };
}

/** createProjectInput, checked on the values as the form holds them. */
const projectFormSchema = formSchema<ProjectFormValues>({ schema: createProjectInput, toInput: toProjectInput });

function timeZoneOptions(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(defaultTimeZone) ? zones : [defaultTimeZone, ...zones];
}

/** Creates a project in the organization (organization admins) and opens it. */
export function CreateProjectForm({ organizationId, onCancel }: { organizationId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createProject, { loading }] = useMutation(CreateOrganizationProjectDocument);
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm<ProjectFormValues>({
    initialValues: { organizationId, name: '', code: '', description: '', startAt: '', timeZone: defaultTimeZone },
    schema: projectFormSchema,
  });
  const markSaved = useDirtyForm('create-project', form.isDirty());

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    const { name, code, description, startAt, timeZone } = createProjectInput.parse(toProjectInput(values));
    let projectId: number;
    try {
      const { data } = await createProject({
        variables: {
          input: { organizationId, name, code, description, timeZone, startAt: startAt?.toISOString() ?? null },
        },
        update: (cache) => forgetProjectLists(cache, organizationId),
      });
      if (!data) return;
      projectId = data.createProject.id;
    } catch (error) {
      return showServerError(error);
    }
    markSaved();
    navigate(`/p/${projectId}`);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('Create project')} data-testid="create-project-form">
      <Stack>
        <FormError message={generalError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('Name')} required {...inputProps('name')} />
          <TextInput
            label={t('Code')}
            description={t('A short identifier, e.g. a site number')}
            {...inputProps('code')}
          />
        </SimpleGrid>
        <Textarea label={t('Description')} rows={3} {...inputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField label={t('Start date')} {...inputProps('startAt')} />
          <Select
            label={t('Time zone')}
            searchable
            allowDeselect={false}
            data={timeZoneOptions()}
            {...inputProps('timeZone')}
          />
        </SimpleGrid>
        <FormButtons loading={loading} submitLabel={t('Create project')} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
