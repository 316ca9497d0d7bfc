import { Button, Group, Menu } from '@mantine/core';
import { formatDateRange } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { RemoveIcon } from '../ui/DeleteButton.tsx';

/** A saved range or data view as its menu lists it: named, over a period. */
export interface SavedItem {
  id: number;
  name: string;
  from: string;
  to: string;
}

/** A menu of the viewer's saved items, each with its period on the project's clock: pick one, or delete one (×). */
export function SavedItemsMenu<Item extends SavedItem>({
  label,
  testId,
  timeZone,
  items,
  pickDisabled,
  onPick,
  onDelete,
}: {
  label: string;
  testId: string;
  timeZone: string;
  items: readonly Item[];
  pickDisabled?: boolean;
  onPick: (item: Item) => void;
  onDelete: (item: Item) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Menu closeOnItemClick>
      <Menu.Target>
        <Button size="xs" variant="default" disabled={items.length === 0} data-testid={testId}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Group key={item.id} gap={0} wrap="nowrap">
            <Menu.Item disabled={pickDisabled} onClick={() => onPick(item)}>
              {item.name} ({formatDateRange(item.from, item.to, i18n.language, { timeZone })})
            </Menu.Item>
            <RemoveIcon label={t('Delete {{name}}', { name: item.name })} onClick={() => onDelete(item)} />
          </Group>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
