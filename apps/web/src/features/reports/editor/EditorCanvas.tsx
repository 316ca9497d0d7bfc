import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { ReportCoverContent, ReportElement } from '@olo/shared';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverPage } from '../document/CoverPage.tsx';
import { ReportPages, ReportSheet } from '../document/ReportDocument.tsx';
import { ReportElementBody } from '../document/ReportElementView.tsx';
import type { ReportScope } from '../document/reportScope.ts';
import classes from './EditorCanvas.module.css';
import { elementKindLabels, elementSummary } from './elementKinds.ts';
import { findReportElement, type ReportTreeAction } from './reportTree.ts';

interface CanvasProps {
  scope: ReportScope;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onTree: (action: ReportTreeAction) => void;
}

/** Two overlapping sheets: the system fonts have no duplicate sign that every phone draws. */
function DuplicateIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <rect x="1" y="4" width="8" height="9" rx="1" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M5 3V2a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  );
}

function FrameActions({ element, onTree }: { element: ReportElement; onTree: (action: ReportTreeAction) => void }) {
  const { t } = useTranslation();
  const actions: { label: string; icon: ReactNode; action: ReportTreeAction; color?: string }[] = [
    { label: t('Move up'), icon: '↑', action: { type: 'moveUp', id: element.id } },
    { label: t('Move down'), icon: '↓', action: { type: 'moveDown', id: element.id } },
    { label: t('Into the element above'), icon: '→', action: { type: 'indent', id: element.id } },
    { label: t('Out of its container'), icon: '←', action: { type: 'outdent', id: element.id } },
    { label: t('Duplicate'), icon: <DuplicateIcon />, action: { type: 'duplicate', id: element.id } },
    { label: t('Remove'), icon: '×', action: { type: 'remove', id: element.id }, color: 'red' },
  ];
  return (
    <Group gap={2} wrap="wrap" data-testid="element-actions">
      {actions.map((item) => (
        <Tooltip key={item.action.type} label={item.label} withinPortal>
          <ActionIcon
            size="sm"
            variant="subtle"
            color={item.color}
            aria-label={item.label}
            onClick={(event: MouseEvent) => {
              event.stopPropagation();
              onTree(item.action);
            }}
          >
            {typeof item.icon === 'string' ? <span aria-hidden>{item.icon}</span> : item.icon}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

function ElementList({ elements, ...props }: CanvasProps & { elements: readonly ReportElement[] }) {
  return (
    <SortableContext items={elements.map((element) => element.id)} strategy={verticalListSortingStrategy}>
      {elements.map((element) => (
        <ElementFrame key={element.id} element={element} {...props} />
      ))}
    </SortableContext>
  );
}

/**
 * An element on the canvas: drawn as the report draws it, in a frame that selects it (click, or its name button
 * from the keyboard) and a handle that drags it (pointer, or space and the arrow keys). Children are drawn inside;
 * a repeating container shows them once, for its first shown space, and says so.
 */
function ElementFrame({ element, scope, selectedId, onSelect, onTree }: CanvasProps & { element: ReportElement }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: element.id,
  });
  const selected = selectedId === element.id;
  const kind = t(elementKindLabels[element.kind]);
  const summary = elementSummary(element);
  const name = summary ? `${kind}: ${summary}` : kind;
  const shown = scope.context.spaces.filter((space) => space.show);
  const childScope: ReportScope = element.repeatPerSpace && shown[0] ? { ...scope, currentSpace: shown[0] } : scope;
  const select = (event: MouseEvent | KeyboardEvent) => {
    event.stopPropagation();
    onSelect(element.id);
  };
  return (
    // The frame's name button selects it from the keyboard; a click anywhere on the frame does the same.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above.
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`${classes.frame} ${selected ? classes.selected : ''} ${isDragging ? classes.dragging : ''} ${element.pageBreakBefore ? classes.pageBreak : ''}`}
      data-testid="element-frame"
      data-element-id={element.id}
      data-selected={selected || undefined}
      onClick={select}
    >
      <Group gap={4} justify="space-between" wrap="wrap" className={classes.frameHeader}>
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={classes.handle}
            aria-label={t('Drag {{name}}', { name })}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden>⠿</span>
          </button>
          <button type="button" className={classes.name} aria-pressed={selected} onClick={select}>
            <Text span size="xs" fw={600} truncate>
              {name}
            </Text>
          </button>
        </Group>
        {selected && <FrameActions element={element} onTree={onTree} />}
      </Group>
      <div className={classes.body}>
        <ReportElementBody element={element} scope={scope} />
      </div>
      {(element.children.length > 0 || element.repeatPerSpace) && (
        <div className={classes.children}>
          {element.repeatPerSpace && (
            <Text size="xs" c="dimmed" mb={4}>
              {shown[0]
                ? t('Repeated for each of the {{count}} shown spaces; shown here for {{space}}.', {
                    count: shown.length,
                    space: shown[0].name,
                  })
                : t('Repeated for each shown space; the project shows none.')}
            </Text>
          )}
          <ElementList
            elements={element.children}
            scope={childScope}
            selectedId={selectedId}
            onSelect={onSelect}
            onTree={onTree}
          />
        </div>
      )}
    </div>
  );
}

/**
 * The page-shaped canvas of the editor: the cover first, then every element in its frame, reordered by drag and
 * drop within and between levels.
 */
export function EditorCanvas({
  elements,
  cover,
  landscape,
  ...props
}: CanvasProps & { elements: readonly ReportElement[]; cover: ReportCoverContent | null; landscape: boolean }) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const element = findReportElement(elements, String(id));
    if (!element) return '';
    const summary = elementSummary(element);
    const kind = t(elementKindLabels[element.kind]);
    return summary ? `${kind}: ${summary}` : kind;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('Picked up {{name}}.', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('{{name}} is at {{other}}.', { name: nameOf(active.id), other: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('{{name}} was dropped at {{other}}.', { name: nameOf(active.id), other: nameOf(over.id) })
        : t('{{name}} was put back.', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('{{name}} was put back.', { name: nameOf(active.id) }),
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) props.onTree({ type: 'dropOn', id: String(active.id), overId: String(over.id) });
  };
  return (
    <ReportPages landscape={landscape} data-testid="report-canvas">
      {cover && <CoverPage cover={cover} scope={props.scope} />}
      <ReportSheet onClick={() => props.onSelect(null)}>
        {elements.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('The report is empty: add its first element from the palette.')}
          </Text>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={dragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable: t(
                  'To move an element, press space on its handle, move it with the arrow keys and press space again to drop it, or escape to cancel.',
                ),
              },
            }}
          >
            <ElementList elements={elements} {...props} />
          </DndContext>
        )}
      </ReportSheet>
    </ReportPages>
  );
}
