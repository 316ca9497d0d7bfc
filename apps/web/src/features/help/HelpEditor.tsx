import { useMutation } from '@apollo/client/react';
import { Group, NumberInput, Paper, Select, Switch, Tabs, Textarea, TextInput } from '@mantine/core';
import { createDocumentInput, documentBounds, type Language, updateDocumentInput } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CreateHelpDocumentDocument,
  type HelpDocumentFieldsFragment,
  UpdateHelpDocumentDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { formSchema } from '../forms/formSchema.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { Markdown } from '../projects/Markdown.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import type { HelpWritePlaces } from './useHelpWritePlaces.ts';

interface HelpFormValues extends Record<string, unknown> {
  name: string;
  path: string;
  /** `every`, or a language. */
  language: string;
  order: number | string;
  published: boolean;
  /** `global`, `o:<organization id>` or `p:<project id>`; chosen for a new document only. */
  owner: string;
  content: string;
}

/** The language select's value for a document shown whatever the reader's language. */
const everyLanguage = 'every';

const ownerOf = (owner: string) => ({
  organizationId: owner.startsWith('o:') ? owner.slice(2) : null,
  projectId: owner.startsWith('p:') ? Number(owner.slice(2)) : null,
});

const inputOf = (values: HelpFormValues) => ({
  name: values.name,
  path: values.path,
  language: (values.language === everyLanguage ? null : values.language) as Language | null,
  order: typeof values.order === 'number' ? values.order : Number(values.order || 0),
  published: values.published,
  content: values.content,
});

/** The places a new document may go, as the owner select offers them. */
function useOwnerOptions(places: HelpWritePlaces) {
  const { t } = useTranslation();
  return [
    ...(places.global
      ? [{ group: t('Everyone'), items: [{ value: 'global', label: t('Every user of the service') }] }]
      : []),
    ...(places.organizations.length > 0
      ? [
          {
            group: t('Organizations'),
            items: places.organizations.map((organization) => ({
              value: `o:${organization.id}`,
              label: organization.name,
            })),
          },
        ]
      : []),
    ...(places.projects.length > 0
      ? [
          {
            group: t('Projects'),
            items: places.projects.map((project) => ({ value: `p:${project.id}`, label: project.name })),
          },
        ]
      : []),
  ];
}

/**
 * Writes a help document (a new one when `document` is absent) with a preview drawn as readers will see it. Checked
 * with the shared schemas before anything is sent; the server's refusals (a taken address) land on their fields.
 */
export function HelpEditor({
  document,
  places,
  onDone,
}: {
  document?: HelpDocumentFieldsFragment;
  places: HelpWritePlaces;
  /** After saving (with the saved document) or cancelling. */
  onDone: (saved?: HelpDocumentFieldsFragment) => void;
}) {
  const { t, i18n } = useTranslation();
  const ownerOptions = useOwnerOptions(places);
  const firstOwner = ownerOptions[0]?.items[0]?.value ?? '';
  const [createDocument, creating] = useMutation(CreateHelpDocumentDocument, { refetchQueries: ['HelpDocuments'] });
  const [updateDocument, updating] = useMutation(UpdateHelpDocumentDocument, { refetchQueries: ['HelpDocuments'] });
  const { form, inputProps, generalError, onSave } = useSchemaForm<HelpFormValues>({
    initialValues: {
      name: document?.name ?? '',
      path: document?.path ?? '',
      language: document ? (document.language ?? everyLanguage) : i18n.language,
      order: document?.order ?? 0,
      published: document?.published ?? false,
      owner: document ? '' : firstOwner,
      content: document?.content ?? '',
    },
    schema: formSchema<HelpFormValues>({
      schema: document ? updateDocumentInput : createDocumentInput,
      toInput: (values) =>
        document ? { id: document.id, ...inputOf(values) } : { ...inputOf(values), ...ownerOf(values.owner) },
      requiredSelects: document ? [] : ['owner'],
    }),
  });
  const markSaved = useDirtyForm('help-document', form.isDirty());

  const submit = onSave(
    async (values) => {
      if (document) {
        const { data } = await updateDocument({
          variables: { input: { id: document.id, ...inputOf(values), path: values.path.trim() || null } },
        });
        return data?.updateDocument;
      }
      const { data } = await createDocument({
        variables: { input: { ...inputOf(values), path: values.path.trim() || null, ...ownerOf(values.owner) } },
      });
      return data?.createDocument;
    },
    (saved) => {
      toast.success(t('Saved.'));
      markSaved();
      onDone(saved);
    },
  );

  const label = document ? t('Edit help document {{name}}', { name: document.name }) : t('New help document');
  return (
    <FormStack onSubmit={submit} label={label} error={generalError} gap="sm" testId="help-editor">
      <TextInput label={t('Name')} withAsterisk maxLength={documentBounds.nameMax} {...inputProps('name')} />
      {!document && (
        <Select
          label={t('Shown to')}
          description={t('Readers of a document: every user, or those who see the organization or project.')}
          data={ownerOptions}
          allowDeselect={false}
          withAsterisk
          {...inputProps('owner')}
        />
      )}
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t('Address')}
          description={t('After /help/: lower-case letters, digits and hyphens. Empty: by number.')}
          maxLength={documentBounds.pathMax}
          style={{ minWidth: 200 }}
          {...inputProps('path')}
        />
        <Select
          label={t('Language')}
          data={[
            { value: everyLanguage, label: t('Every language') },
            { value: 'fi', label: 'Suomi' },
            { value: 'sv', label: 'Svenska' },
            { value: 'en', label: 'English' },
          ]}
          allowDeselect={false}
          style={{ minWidth: 160 }}
          {...inputProps('language')}
        />
        <NumberInput
          label={t('Order')}
          description={t('Smaller first')}
          allowDecimal={false}
          style={{ minWidth: 120 }}
          {...inputProps('order')}
        />
      </Group>
      <Switch
        label={t('Published')}
        description={t('An unpublished document is seen only by those who may edit it.')}
        {...form.getInputProps('published', { type: 'checkbox' })}
      />
      <Tabs defaultValue="write" keepMounted>
        <Tabs.List>
          <Tabs.Tab value="write">{t('Write')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('Preview')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            label={t('Content')}
            description={t('Markdown: # heading, **bold**, *italic*, - list, [link](https://…)')}
            autosize
            minRows={10}
            maxRows={30}
            styles={{ input: { fontFamily: 'monospace' } }}
            {...inputProps('content')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <Paper withBorder p="md" data-testid="help-preview">
            <Markdown content={form.getValues().content} headingOffset={0} />
          </Paper>
        </Tabs.Panel>
      </Tabs>
      <FormButtons loading={creating.loading || updating.loading} onCancel={() => onDone()} />
    </FormStack>
  );
}
