import { useMutation } from '@apollo/client/react';
import { Group, Paper, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { createSpaceInput, updateSpaceInput } from '@olo/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CreateSpaceDocument,
  DeleteSpaceDocument,
  type ProjectEditSpaceFragment,
  UpdateSpaceDocument,
} from '../../graphql/generated.ts';
import { formSchema } from '../forms/formSchema.ts';
import type { DirtyChangeHandler, SetFormDirty } from '../forms/useDirtyForms.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { useConfirmedAction, useShowError } from '../forms/useShowError.ts';
import { EditDeleteButtons } from '../ui/EditDeleteButtons.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { SpaceWeatherFields } from '../weather/SpaceWeatherFields.tsx';
import {
  type SpaceWeatherValues,
  spaceWeatherInput,
  spaceWeatherIssues,
  spaceWeatherValues,
} from '../weather/spaceWeatherForm.ts';
import type { EditedProject } from './EditLayout.tsx';
import { addToProjectList, removeFromProjectList } from './projectCache.ts';

type SpaceValues = { id: number; name: string; description: string } & SpaceWeatherValues;

function spaceInput({ id, name, description, ...weather }: SpaceValues) {
  return { id, name, description, ...spaceWeatherInput(weather) };
}

const spaceSchema = formSchema<SpaceValues>({
  schema: updateSpaceInput,
  toInput: spaceInput,
  issues: spaceWeatherIssues,
});

function SpaceEditForm({
  space,
  onDone,
  onDirtyChange,
}: {
  space: ProjectEditSpaceFragment;
  onDone: () => void;
  onDirtyChange: DirtyChangeHandler;
}) {
  const { t } = useTranslation();
  const [updateSpace, { loading }] = useMutation(UpdateSpaceDocument);
  const { form, inputProps, generalError, onSave } = useSchemaForm<SpaceValues>({
    initialValues: {
      id: space.id,
      name: space.name,
      description: space.description ?? '',
      ...spaceWeatherValues(space),
    },
    schema: spaceSchema,
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // A closed form has nothing unsaved left.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const submit = onSave(
    (values) => {
      const input = updateSpaceInput.parse(spaceInput(values));
      return updateSpace({
        variables: {
          input: {
            id: input.id,
            name: input.name,
            description: input.description,
            weather: input.weather,
            weatherId: input.weatherId,
            weatherDatatype: input.weatherDatatype,
            weatherLimit: input.weatherLimit,
          },
        },
      });
    },
    () => {
      toast.success(t('Saved.'));
      onDone();
    },
  );

  return (
    <FormStack onSubmit={submit} label={t('Edit space {{name}}', { name: space.name })} error={generalError}>
      <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
      <Textarea label={t('Description')} autosize minRows={2} {...inputProps('description')} />
      <SpaceWeatherFields
        projectId={space.projectId}
        spaceName={space.name}
        // The weather fields use only their own part of the space's form.
        form={form as unknown as UseFormReturnType<SpaceWeatherValues>}
        inputProps={inputProps}
      />
      <FormButtons size="xs" loading={loading} onCancel={onDone} />
    </FormStack>
  );
}

function SpaceItem({
  project,
  space,
  setFormDirty,
}: {
  project: EditedProject;
  space: ProjectEditSpaceFragment;
  setFormDirty: SetFormDirty;
}) {
  const { t } = useTranslation();
  const onDirtyChange = useCallback(
    (dirty: boolean) => setFormDirty(`space-${space.id}`, dirty),
    [setFormDirty, space.id],
  );
  const showError = useShowError();
  const typeLabel = useMeasurementLabel();
  const confirmed = useConfirmedAction();
  const [editing, setEditing] = useState(false);
  const [updateSpace] = useMutation(UpdateSpaceDocument);
  const [deleteSpace, deleting] = useMutation(DeleteSpaceDocument, {
    update: (cache, { data }) => {
      if (data?.deleteSpace) removeFromProjectList(cache, project.id, 'spaces', { __typename: 'Space', id: space.id });
    },
  });

  const remove = () => {
    confirmed(
      t('Delete the space {{name}}?', { name: space.name }),
      () => deleteSpace({ variables: { id: space.id } }),
      t('Space deleted.'),
    );
  };

  return (
    <Paper withBorder p="sm" data-testid="edit-project-space">
      {editing ? (
        <SpaceEditForm space={space} onDone={() => setEditing(false)} onDirtyChange={onDirtyChange} />
      ) : (
        // The switch and the buttons move under the name when the row has no room for both (a phone).
        <Group justify="space-between" align="flex-start">
          <Stack gap={2} style={{ flex: '1 1 8rem', minWidth: 0 }}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {space.name}
            </Text>
            {space.weather && space.weatherDatatype && (
              <Text size="sm" c="dimmed" data-testid="space-weather-type">
                {t('Weather: {{type}}', { type: typeLabel(space.weatherDatatype) })}
              </Text>
            )}
            {space.description && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {space.description}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Switch
              label={t('Shown')}
              aria-label={t('Show the space {{name}}', { name: space.name })}
              checked={space.show}
              onChange={(event) => {
                const show = event.currentTarget.checked;
                // Optimistic, so that the switch moves at once; a refusal puts it back. The cached space carries its
                // __typename, which the optimistic answer needs.
                updateSpace({
                  variables: { input: { id: space.id, show } },
                  optimisticResponse: { updateSpace: { ...space, show } },
                }).catch(showError);
              }}
            />
            <EditDeleteButtons
              name={space.name}
              onEdit={() => setEditing(true)}
              onDelete={remove}
              deleting={deleting.loading}
            />
          </Group>
        </Group>
      )}
    </Paper>
  );
}

function NewSpaceForm({ project, onDirtyChange }: { project: EditedProject; onDirtyChange: DirtyChangeHandler }) {
  const { t } = useTranslation();
  const [createSpace, { loading }] = useMutation(CreateSpaceDocument, {
    update: (cache, { data }) => addToProjectList(cache, project.id, 'spaces', data?.createSpace),
  });
  const { form, inputProps, generalError, onSave } = useSchemaForm({
    initialValues: { projectId: project.id, name: '', description: '', show: true },
    schema: createSpaceInput,
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = onSave(
    (values) => {
      const input = createSpaceInput.parse(values);
      return createSpace({
        variables: {
          input: { projectId: input.projectId, name: input.name, description: input.description, show: input.show },
        },
      });
    },
    () => toast.success(t('Space added.')),
    'reset',
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('New space')}>
      <Stack gap="xs">
        <Text fw={500}>{t('New space')}</Text>
        <FormError message={generalError} />
        <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
        <Textarea label={t('Description')} autosize minRows={2} {...inputProps('description')} />
        <Switch label={t('Shown')} {...form.getInputProps('show', { type: 'checkbox' })} />
        <FormButtons loading={loading} submitLabel={t('Add space')} />
      </Stack>
    </form>
  );
}

/** The rooms or areas of the project, which its series are grouped by. */
export function SpacesEditor({ project, setFormDirty }: { project: EditedProject; setFormDirty: SetFormDirty }) {
  const { t, i18n } = useTranslation();
  const spaces = [...project.spaces].sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  const onNewDirty = useCallback((dirty: boolean) => setFormDirty('new-space', dirty), [setFormDirty]);

  return (
    <Stack data-testid="edit-project-spaces">
      {spaces.length === 0 && <Text c="dimmed">{t('The project has no spaces yet.')}</Text>}
      {spaces.map((space) => (
        <SpaceItem key={space.id} project={project} space={space} setFormDirty={setFormDirty} />
      ))}
      <Paper withBorder p="sm">
        <NewSpaceForm project={project} onDirtyChange={onNewDirty} />
      </Paper>
    </Stack>
  );
}
