import { Button, Group, Popover, TextInput } from '@mantine/core';
import { dataViewBounds } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that asks for a name and saves under it; the popover closes once saving succeeded. */
export function NameSaver({
  label,
  initialName,
  onSave,
  testId,
}: {
  label: string;
  initialName: string;
  onSave: (name: string) => Promise<boolean>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState(initialName);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    const saved = await onSave(name);
    setSaving(false);
    if (saved) setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" withArrow>
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          data-testid={testId}
          onClick={() => {
            setName(initialName);
            setOpened((open) => !open);
          }}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Group gap="xs" align="end">
            <TextInput
              size="xs"
              label={t('Name')}
              value={name}
              maxLength={dataViewBounds.nameMax}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button size="xs" type="submit" loading={saving} disabled={name.trim() === ''}>
              {t('Save')}
            </Button>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
