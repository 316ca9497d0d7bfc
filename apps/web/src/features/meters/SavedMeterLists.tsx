import { useMutation, useQuery } from '@apollo/client/react';
import { Button, CloseButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { MeterListOptionsDocument, SaveMeterListsDocument } from '../../graphql/generated.ts';
import { useUnsavedChangesPrompt } from '../navigation/useUnsavedChangesPrompt.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import {
  type MeterFilterState,
  meterListsOption,
  type SavedMeterList,
  sameMeterFilter,
  savedMeterListsOf,
  withSavedList,
} from './meterFilter.ts';

const nameMax = 100;

function SaveListModal({
  opened,
  onClose,
  onSave,
  saving,
}: {
  opened: boolean;
  onClose: () => void;
  onSave: (name: string) => Promise<boolean>;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dirty = opened && name.trim() !== '';
  const markSaved = useUnsavedChangesPrompt(dirty);

  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('Required'));
    if (trimmed.length > nameMax) return setError(t('Too long'));
    if (await onSave(trimmed)) {
      markSaved();
      close();
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('Save this list')}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('Save this list')}>
        <Stack>
          <Text size="sm">{t('The filters are saved under the name, for opening them again with one click.')}</Text>
          <TextInput
            label={t('Name of the list')}
            required
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The user's saved meter lists (options.meterLists) as quick buttons that apply their filters, and saving the
 * current filters as one. The whole group is written each time; the server keeps the other option groups.
 */
export function SavedMeterLists({
  filter,
  onApply,
}: {
  filter: MeterFilterState;
  onApply: (filter: MeterFilterState) => void;
}) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const { data } = useQuery(MeterListOptionsDocument);
  const [saveLists, { loading }] = useMutation(SaveMeterListsDocument);
  const [saving, setSaving] = useState(false);
  const user = data?.currentUser;
  const lists = savedMeterListsOf(user?.options.meterLists);

  const write = async (lists: SavedMeterList[]): Promise<boolean> => {
    if (!user) return false;
    const next = meterListsOption(user.options.meterLists, lists);
    // The chips change at once; the cache has the typenames, which the generated types leave out.
    const optimistic = {
      __typename: 'User' as const,
      id: user.id,
      options: { __typename: 'UserOptions' as const, meterLists: next },
    };
    try {
      await saveLists({ variables: { meterLists: next }, optimisticResponse: { updateUserOptions: optimistic } });
      return true;
    } catch {
      toast.error(t('Saving failed. Please try again.'));
      return false;
    }
  };

  const save = async (name: string) => {
    const saved = await write(withSavedList(lists, { name, filters: filter }));
    if (saved) toast.success(t('The list {{name}} was saved.', { name }));
    return saved;
  };
  const remove = async (name: string) => {
    if (!(await ask(t('Remove the saved list {{name}}?', { name })))) return;
    void write(lists.filter((list) => list.name !== name));
  };

  return (
    <Group gap="xs" aria-label={t('Saved lists')} role="group">
      {lists.map((list) => {
        const active = sameMeterFilter(list.filters, filter);
        return (
          <Group key={list.name} gap={0} wrap="nowrap">
            <Button
              size="xs"
              radius="xl"
              variant={active ? 'filled' : 'light'}
              aria-pressed={active}
              onClick={() => onApply(list.filters)}
            >
              {list.name}
            </Button>
            <CloseButton
              size="sm"
              aria-label={t('Remove the saved list {{name}}', { name: list.name })}
              onClick={() => remove(list.name)}
            />
          </Group>
        );
      })}
      {user && (
        <Button size="xs" variant="subtle" onClick={() => setSaving(true)}>
          {t('Save this list')}
        </Button>
      )}
      <SaveListModal opened={saving} onClose={() => setSaving(false)} onSave={save} saving={loading} />
    </Group>
  );
}
