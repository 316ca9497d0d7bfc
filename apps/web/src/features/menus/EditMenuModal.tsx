import type { ErrorLike } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  MenuOrganizationChoicesDocument,
  MenuProjectChoicesDocument,
  type SessionUserFieldsFragment,
  UpdateMenuOptionsDocument,
  type UserOptionsInput,
} from '../../graphql/generated.ts';
import { errorText } from '../forms/errorText.ts';
import { useUnsavedChangesPrompt } from '../navigation/useUnsavedChangesPrompt.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { FormError } from '../ui/FormError.tsx';
import { QueryState } from '../ui/QueryState.tsx';

export type MenuKind = 'projects' | 'organizations';

interface Choice {
  id: string;
  label: string;
  detail?: string | null;
}

/** A long list gets a search box; a short one is quicker to read through. */
const searchFrom = 10;

function byLabel(choices: Iterable<Choice>): Choice[] {
  return [...choices].sort((a, b) => a.label.localeCompare(b.label));
}

function ChecklistModal({
  title,
  description,
  choices,
  loading,
  error,
  chosen,
  toOptions,
  onClose,
}: {
  title: string;
  description: string;
  choices: Choice[];
  loading: boolean;
  error?: ErrorLike;
  /** Ids of the stored choice; none means that the menu lists everything. */
  chosen: readonly string[];
  toOptions: (ids: string[]) => UserOptionsInput;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(chosen));
  const [search, setSearch] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [updateOptions, { loading: saving }] = useMutation(UpdateMenuOptionsDocument);

  // Only what the list shows counts: ids the user no longer sees are left out when saving anyway.
  const dirty = choices.some((choice) => checked.has(choice.id) !== chosen.includes(choice.id));
  const markSaved = useUnsavedChangesPrompt(dirty);

  const save = async (ids: string[]) => {
    setSaveError(null);
    try {
      // Only this menu's group goes to the server, which keeps the other options as they are.
      await updateOptions({ variables: { options: toOptions(ids) } });
    } catch (failure) {
      setSaveError(errorText(failure, t));
      return;
    }
    markSaved();
    toast.success(t('Saved.'));
    onClose();
  };

  const closeAsking = async () => {
    if (!dirty || (await ask(t('Close without saving your changes?')))) onClose();
  };

  const toggle = (id: string, on: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const needle = search.trim().toLocaleLowerCase();
  const shown = needle
    ? choices.filter((choice) => `${choice.label} ${choice.detail ?? ''}`.toLocaleLowerCase().includes(needle))
    : choices;

  return (
    <Modal opened onClose={closeAsking} title={title}>
      <Stack>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <FormError message={saveError} />
        <QueryState loading={loading && choices.length === 0} error={choices.length === 0 ? error : undefined}>
          {choices.length > searchFrom && (
            <TextInput label={t('Search')} value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
          )}
          <ScrollArea.Autosize mah="50vh" type="auto">
            <Stack gap="xs" py={2}>
              {choices.length === 0 && <Text c="dimmed">{t('Nothing here yet')}</Text>}
              {shown.map((choice) => (
                <Checkbox
                  key={choice.id}
                  label={choice.label}
                  description={choice.detail}
                  checked={checked.has(choice.id)}
                  onChange={(event) => toggle(choice.id, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </QueryState>
        <Group justify="space-between">
          <Button
            variant="subtle"
            disabled={saving || (chosen.length === 0 && checked.size === 0)}
            onClick={() => void save([])}
          >
            {t('Show all')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button
              loading={saving}
              disabled={!dirty}
              // In the order of the list, which the menu then keeps.
              onClick={() => void save(choices.filter((choice) => checked.has(choice.id)).map((choice) => choice.id))}
            >
              {t('Save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function EditProjectsMenu({ user, onClose }: { user: SessionUserFieldsFragment; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(MenuProjectChoicesDocument, { fetchPolicy: 'cache-and-network' });
  const choices = new Map<string, Choice>();
  // A chosen project that has since been hidden or archived is still in the menu, so it must be possible to drop it.
  const inMenu = user.options.menuProjects.length > 0 ? user.menuProjects : [];
  for (const project of [...inMenu, ...(data?.projects ?? [])]) {
    choices.set(String(project.id), { id: String(project.id), label: project.name, detail: project.code });
  }
  return (
    <ChecklistModal
      title={t('Projects in the menu')}
      description={t(
        'Choose the projects that the menu lists. When none are chosen, it lists every running project you can see.',
      )}
      choices={byLabel(choices.values())}
      loading={loading}
      error={error}
      chosen={user.options.menuProjects.map(String)}
      toOptions={(ids) => ({ menuProjects: ids.map(Number) })}
      onClose={onClose}
    />
  );
}

function EditOrganizationsMenu({ user, onClose }: { user: SessionUserFieldsFragment; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(MenuOrganizationChoicesDocument, { fetchPolicy: 'cache-and-network' });
  const choices = (data?.organizations ?? []).map((organization) => ({
    id: organization.id,
    label: organization.name,
    // Organizations of the same name under different parents differ by their path.
    detail: organization.path.includes('/') ? organization.path : null,
  }));
  return (
    <ChecklistModal
      title={t('Organizations in the menu')}
      description={t(
        'Choose the organizations that the menu lists. When none are chosen, it lists every organization you can see.',
      )}
      choices={byLabel(choices)}
      loading={loading}
      error={error}
      chosen={user.options.menuOrganizations}
      toOptions={(ids) => ({ menuOrganizations: ids })}
      onClose={onClose}
    />
  );
}

/** Lets the user choose what a header menu lists; open while mounted. */
export function EditMenuModal({
  kind,
  user,
  onClose,
}: {
  kind: MenuKind;
  user: SessionUserFieldsFragment;
  onClose: () => void;
}) {
  return kind === 'projects' ? (
    <EditProjectsMenu user={user} onClose={onClose} />
  ) : (
    <EditOrganizationsMenu user={user} onClose={onClose} />
  );
}
