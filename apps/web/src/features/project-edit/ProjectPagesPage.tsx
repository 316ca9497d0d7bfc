import { useMutation } from '@apollo/client/react';
import { Badge, Button, Group, Paper, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { createProjectPageInput, updateProjectPageInput } from '@olo/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CreateProjectPageDocument,
  DeleteProjectPageDocument,
  type ProjectEditPageFragment,
  UpdateProjectPageDocument,
} from '../../graphql/generated.ts';
import { type SetFormDirty, useDirtyForms } from '../forms/useDirtyForms.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { useConfirmedAction, useShowError } from '../forms/useShowError.ts';
import { EditDeleteButtons } from '../ui/EditDeleteButtons.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { Section } from '../ui/Section.tsx';
import { type EditedProject, useEditedProject } from './EditLayout.tsx';
import { addToProjectList, removeFromProjectList } from './projectCache.ts';

const pageTypes = ['text', 'live', 'summary', 'alarms', 'reports'] as const;

function usePageTypeOptions(current?: string) {
  const { t } = useTranslation();
  const labels: Record<(typeof pageTypes)[number], string> = {
    text: t('Text'),
    live: t('Live view'),
    summary: t('Summary'),
    alarms: t('Alarms'),
    reports: t('Reports'),
  };
  const options = pageTypes.map((value) => ({ value, label: labels[value] }));
  // A page of an older type keeps it until someone picks another.
  return current && !(pageTypes as readonly string[]).includes(current)
    ? [...options, { value: current, label: current }]
    : options;
}

function PageEditForm({
  page,
  onDone,
  setFormDirty,
}: {
  page: ProjectEditPageFragment;
  onDone: () => void;
  setFormDirty: SetFormDirty;
}) {
  const { t } = useTranslation();
  const typeOptions = usePageTypeOptions(page.type);
  const [updatePage, { loading }] = useMutation(UpdateProjectPageDocument);
  const { form, inputProps, generalError, onSave } = useSchemaForm({
    initialValues: {
      id: page.id,
      name: page.name,
      type: page.type,
      icon: page.icon ?? '',
      show: page.show,
      internal: page.internal,
      content: page.content,
    },
    schema: updateProjectPageInput,
  });
  const dirty = form.isDirty();
  useEffect(() => setFormDirty('page', dirty), [dirty, setFormDirty]);
  // A closed form has nothing unsaved left.
  useEffect(() => () => setFormDirty('page', false), [setFormDirty]);

  const submit = onSave(
    (values) => {
      const input = updateProjectPageInput.parse(values);
      return updatePage({
        variables: {
          input: {
            id: input.id,
            name: input.name,
            type: input.type,
            icon: input.icon,
            show: input.show,
            internal: input.internal,
            content: input.content,
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
    <FormStack onSubmit={submit} label={t('Edit page {{name}}', { name: page.name })} error={generalError} gap="sm">
      <Group grow align="flex-start">
        <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
        <Select label={t('Type')} data={typeOptions} allowDeselect={false} {...inputProps('type')} />
        <TextInput label={t('Icon')} description={t('Name of the icon shown with the page')} {...inputProps('icon')} />
      </Group>
      <Switch
        label={t('Shown')}
        description={t('A page that is not shown is seen only by the project admins.')}
        {...form.getInputProps('show', { type: 'checkbox' })}
      />
      <Switch
        label={t('Internal')}
        description={t('Never shown on the public view of the project.')}
        {...form.getInputProps('internal', { type: 'checkbox' })}
      />
      <Textarea
        label={t('Content')}
        description={t('Markdown: # heading, **bold**, *italic*, - list, [link](https://…)')}
        autosize
        minRows={8}
        maxRows={30}
        styles={{ input: { fontFamily: 'monospace' } }}
        {...inputProps('content')}
      />
      <FormButtons loading={loading} onCancel={onDone} />
    </FormStack>
  );
}

function NewPageForm({
  project,
  nextOrder,
  onCreated,
  setFormDirty,
}: {
  project: EditedProject;
  nextOrder: number;
  onCreated: (id: number) => void;
  setFormDirty: SetFormDirty;
}) {
  const { t } = useTranslation();
  const typeOptions = usePageTypeOptions();
  const [createPage, { loading }] = useMutation(CreateProjectPageDocument, {
    update: (cache, { data }) => addToProjectList(cache, project.id, 'pages', data?.createProjectPage),
  });
  const { form, inputProps, generalError, onSave } = useSchemaForm({
    initialValues: { projectId: project.id, name: '', type: 'text' },
    schema: createProjectPageInput,
  });
  const dirty = form.isDirty();
  useEffect(() => setFormDirty('new-page', dirty), [dirty, setFormDirty]);

  const submit = onSave(
    async (values) => {
      const input = createProjectPageInput.parse(values);
      const { data } = await createPage({
        variables: {
          input: { projectId: input.projectId, name: input.name, type: input.type, order: nextOrder, show: true },
        },
      });
      return data?.createProjectPage.id;
    },
    (id) => {
      toast.success(t('Page added.'));
      if (id !== undefined) onCreated(id);
    },
    'reset',
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('New page')}>
      <Stack gap="xs">
        <Text fw={500}>{t('New page')}</Text>
        <FormError message={generalError} />
        <Group align="flex-start">
          <TextInput label={t('Name')} withAsterisk style={{ flex: 1 }} {...inputProps('name')} />
          <Select label={t('Type')} data={typeOptions} allowDeselect={false} {...inputProps('type')} />
          <Button type="submit" loading={loading} mt={25}>
            {t('Add page')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The edit tab of the project's summary pages, in the order they are shown. */
export function ProjectPagesPage() {
  const { t } = useTranslation();
  const project = useEditedProject();
  const showError = useShowError();
  const confirmed = useConfirmedAction();
  const { setFormDirty } = useDirtyForms();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [updatePage, moving] = useMutation(UpdateProjectPageDocument);
  const [deletePage] = useMutation(DeleteProjectPageDocument);
  const typeLabels = Object.fromEntries(usePageTypeOptions().map((option) => [option.value, option.label]));
  const pages = [...project.pages].sort((a, b) => a.order - b.order || a.id - b.id);
  const nextOrder = pages.reduce((max, page) => Math.max(max, page.order + 1), 0);
  const stopEditing = useCallback(() => setEditingId(null), []);

  /** Moves a page one step and numbers the pages 0, 1, 2...: equal orders would otherwise not move at all. */
  const move = async (index: number, step: -1 | 1) => {
    const reordered = [...pages];
    const [page] = reordered.splice(index, 1);
    if (!page) return;
    reordered.splice(index + step, 0, page);
    const changed = reordered
      .map((item, order) => ({ id: item.id, order, was: item.order }))
      .filter((item) => item.order !== item.was);
    try {
      await Promise.all(changed.map(({ id, order }) => updatePage({ variables: { input: { id, order } } })));
    } catch (error) {
      showError(error);
    }
  };

  const remove = (page: ProjectEditPageFragment) => {
    confirmed(
      t('Delete the page {{name}}?', { name: page.name }),
      () =>
        deletePage({
          variables: { id: page.id },
          update: (cache, { data }) => {
            if (data?.deleteProjectPage)
              removeFromProjectList(cache, project.id, 'pages', { __typename: 'ProjectPage', id: page.id });
          },
        }),
      t('Page deleted.'),
    );
  };

  return (
    <Section
      id="summary-pages"
      title={t('Summary pages')}
      description={t('Pages shown on the front page of the project, in this order.')}
    >
      <Stack data-testid="edit-project-pages">
        {pages.length === 0 && <Text c="dimmed">{t('The project has no summary pages yet.')}</Text>}
        {pages.map((page, index) => (
          <Paper key={page.id} withBorder p="sm" data-testid="edit-project-page">
            {editingId === page.id ? (
              <PageEditForm page={page} onDone={stopEditing} setFormDirty={setFormDirty} />
            ) : (
              // Wraps on a phone so that the edit and delete buttons stay on screen.
              <Group justify="space-between">
                <Group gap="xs">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    disabled={index === 0 || moving.loading}
                    onClick={() => void move(index, -1)}
                    aria-label={t('Move {{name}} up', { name: page.name })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    disabled={index === pages.length - 1 || moving.loading}
                    onClick={() => void move(index, 1)}
                    aria-label={t('Move {{name}} down', { name: page.name })}
                  >
                    ↓
                  </Button>
                  <Text fw={500}>{page.name}</Text>
                  <Badge variant="light">{typeLabels[page.type] ?? page.type}</Badge>
                  {!page.show && <Badge color="gray">{t('Not shown')}</Badge>}
                  {page.internal && <Badge color="grape">{t('Internal')}</Badge>}
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <EditDeleteButtons
                    name={page.name}
                    onEdit={() => setEditingId(page.id)}
                    onDelete={() => remove(page)}
                    editDisabled={editingId !== null}
                  />
                </Group>
              </Group>
            )}
          </Paper>
        ))}
        <Paper withBorder p="sm">
          <NewPageForm
            key={project.id}
            project={project}
            nextOrder={nextOrder}
            onCreated={setEditingId}
            setFormDirty={setFormDirty}
          />
        </Paper>
      </Stack>
    </Section>
  );
}
