import { Box, Button, FileInput, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ReportElementOf, type ReportImageTourImage, reportBounds } from '@olo/shared';
import { type ComponentProps, type MouseEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttachmentUpload } from '../../project-edit/useAttachmentUpload.ts';
import { DeleteButton, RemoveIcon } from '../../ui/DeleteButton.tsx';
import type { ReportContextInfo, ReportSources } from '../document/reportScope.ts';

type Pin = ReportImageTourImage['pins'][number];
const imageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

function pinValue(pin: Pin): string {
  return pin.space.kind === 'space' ? `space:${pin.space.id}` : 'current';
}

/** A 0..1 position as a whole percent for the number inputs, and back. */
const percent = (share: number) => Math.round(share * 1000) / 10;
const share = (value: number | string) => Math.min(1, Math.max(0, Number(value) / 100));

function ImageEditor({
  image,
  index,
  context,
  sources,
  insideRepeat,
  onChange,
  onRemove,
}: {
  image: ReportImageTourImage;
  index: number;
  context: ReportContextInfo;
  sources: ReportSources;
  insideRepeat: boolean;
  onChange: (image: ReportImageTourImage) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const spaceOptions = [
    ...(insideRepeat || image.pins.some((pin) => pin.space.kind === 'current')
      ? [{ value: 'current', label: t('The repeated space') }]
      : []),
    ...context.spaces.map((space) => ({ value: `space:${space.id}`, label: space.name })),
  ];
  const firstSpace = context.spaces.find((space) => space.show) ?? context.spaces[0];
  const newPinSpace = (): Pin['space'] | null =>
    insideRepeat
      ? { kind: 'current' }
      : firstSpace
        ? { kind: 'space', id: firstSpace.id, name: firstSpace.name }
        : null;
  const setPins = (pins: Pin[]) => onChange({ ...image, pins });
  const addPin = (x: number, y: number) => {
    const space = newPinSpace();
    if (!space || image.pins.length >= reportBounds.pinsMax) return;
    setPins([...image.pins, { space, x, y }]);
  };
  const place = (event: MouseEvent<HTMLImageElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    addPin(
      Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)),
      Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)),
    );
  };
  const changePin = (at: number, pin: Pin) => setPins(image.pins.map((item, where) => (where === at ? pin : item)));
  const chooseSpace = (at: number, pin: Pin, chosen: string | null) => {
    if (chosen === 'current') return changePin(at, { ...pin, space: { kind: 'current' } });
    const space = context.spaces.find((item) => `space:${item.id}` === chosen);
    if (space) changePin(at, { ...pin, space: { kind: 'space', id: space.id, name: space.name } });
  };
  return (
    <Paper withBorder p="xs" data-testid="image-tour-image">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {t('Image {{number}}', { number: index + 1 })}
          </Text>
          <DeleteButton variant="subtle" size="compact-xs" onClick={onRemove}>
            {t('Remove image')}
          </DeleteButton>
        </Group>
        <Box pos="relative">
          {/* Clicking places a pin; the number inputs below do the same from the keyboard. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the pin list below is the keyboard's way to place pins. */}
          <img
            src={sources.attachmentUrl(image.attachmentId)}
            alt={image.caption || t('Image {{number}}', { number: index + 1 })}
            onClick={place}
            style={{ display: 'block', maxWidth: '100%', cursor: 'crosshair' }}
            data-testid="image-tour-pin-area"
          />
          {image.pins.map((pin, at) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: pins have no identity of their own.
              key={at}
              aria-hidden
              pos="absolute"
              left={`${pin.x * 100}%`}
              top={`${pin.y * 100}%`}
              style={{
                transform: 'translate(-50%, -50%)',
                background: 'var(--mantine-color-blue-filled)',
                color: '#fff',
                borderRadius: 999,
                padding: '0 6px',
                fontSize: 12,
                pointerEvents: 'none',
              }}
            >
              {at + 1}
            </Box>
          ))}
        </Box>
        <Text size="xs" c="dimmed">
          {t('Click the image to pin a space there, or add a pin below and type its position.')}
        </Text>
        <TextInput
          size="xs"
          label={t('Caption')}
          maxLength={reportBounds.captionMax}
          value={image.caption}
          onChange={(event) => onChange({ ...image, caption: event.currentTarget.value })}
        />
        {image.pins.map((pin, at) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: pins have no identity of their own.
          <Group key={at} gap="xs" align="end" wrap="wrap" data-testid="image-tour-pin">
            <Select
              size="xs"
              style={{ flex: '1 1 140px' }}
              label={t('Pin {{number}}: space', { number: at + 1 })}
              allowDeselect={false}
              value={pinValue(pin)}
              data={spaceOptions}
              onChange={(chosen) => chooseSpace(at, pin, chosen)}
            />
            <NumberInput
              size="xs"
              w={90}
              label={t('From left, %')}
              min={0}
              max={100}
              value={percent(pin.x)}
              onChange={(value) => changePin(at, { ...pin, x: share(value) })}
            />
            <NumberInput
              size="xs"
              w={90}
              label={t('From top, %')}
              min={0}
              max={100}
              value={percent(pin.y)}
              onChange={(value) => changePin(at, { ...pin, y: share(value) })}
            />
            <RemoveIcon
              label={t('Remove pin {{number}}', { number: at + 1 })}
              onClick={() => setPins(image.pins.filter((_, where) => where !== at))}
            />
          </Group>
        ))}
        <Button
          size="xs"
          variant="light"
          w="fit-content"
          disabled={!newPinSpace() || image.pins.length >= reportBounds.pinsMax}
          onClick={() => addPin(0.5, 0.5)}
        >
          {t('Add a pin')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** An image tour's images: uploaded as attachments of the report's project, each with a caption and pinned spaces. */
export function ImageTourSettings({
  element,
  context,
  sources,
  insideRepeat,
  onChange,
}: {
  element: ReportElementOf<'imageTour'>;
  context: ReportContextInfo;
  sources: ReportSources;
  insideRepeat: boolean;
  onChange: (element: ReportElementOf<'imageTour'>) => void;
}) {
  const { t } = useTranslation();
  // The upload takes a while; the element may have changed meanwhile, so the image joins the newest one.
  const latest = useRef(element);
  latest.current = element;
  const { upload, uploading, error, resetRef } = useAttachmentUpload(
    { projectId: context.projectId },
    imageTypes,
    (attachmentId) => {
      const current = latest.current;
      onChange({ ...current, images: [...current.images, { attachmentId, caption: '', pins: [] }] });
    },
  );

  const setImages = (images: ReportImageTourImage[]) => onChange({ ...element, images });
  return (
    <Stack gap="xs" data-testid="image-tour-settings">
      {element.images.map((image, index) => (
        <ImageEditor
          // An image may appear twice; its place keeps the editors apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={`${image.attachmentId}-${index}`}
          image={image}
          index={index}
          context={context}
          sources={sources}
          insideRepeat={insideRepeat}
          onChange={(edited) => setImages(element.images.map((item, at) => (at === index ? edited : item)))}
          onRemove={() => setImages(element.images.filter((_, at) => at !== index))}
        />
      ))}
      <FileInput
        size="xs"
        label={t('Add an image')}
        description={t('PNG, JPEG, WebP or GIF; it is stored with the project’s files.')}
        placeholder={t('Choose a file')}
        accept={imageTypes.join(',')}
        value={null}
        disabled={uploading || element.images.length >= reportBounds.imagesMax}
        onChange={(file) => void upload(file)}
        error={error}
        resetRef={resetRef}
        fileInputProps={{ 'data-testid': 'image-tour-upload' } as ComponentProps<'input'>}
      />
      {uploading && <Text size="sm">{t('Uploading…')}</Text>}
    </Stack>
  );
}
