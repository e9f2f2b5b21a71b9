import { PRODUCT_LIMITS } from '@backroom/contract';
import { ActionIcon, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, type TitleOrder } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { FormImagePreview } from '../../../../components/form/form-image-preview';
import { FormSection } from '../../../../components/form/form-section';
import { PickImageButton } from '../../../../components/form/pick-image-button';
import { type ImageEntry, imagesRemaining } from '../../product-form-images';

interface ImageManagerProps {
  order: TitleOrder;
  entries: ImageEntry[];
  /** The colours an image may take: the Colors option set. */
  colorOptions: string[];
  onColor: (index: number, color: string | null) => void;
  onRemove: (index: number) => void;
  onAdd: (files: File[]) => void;
}

/**
 * The Modify modal's image manager (spec 1 section 2.7): 'N/10 images', a colour per image
 * ('Select Color', 'Clear'), a remove button, and an upload area with 'N slot(s) remaining'.
 */
export function ImageManager({ order, entries, colorOptions, onColor, onRemove, onAdd }: ImageManagerProps) {
  const remaining = imagesRemaining(entries.length);
  return (
    <FormSection title="Product Images" order={order}>
      <Text size="sm" aria-live="polite">
        {entries.length}/{PRODUCT_LIMITS.maxImages} images
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {entries.map((entry, i) => {
          const n = i + 1;
          const choices =
            entry.color && !colorOptions.includes(entry.color) ? [...colorOptions, entry.color] : colorOptions;
          return (
            <Card
              key={entry.image.kind === 'saved' ? entry.image.url : `new-${i}`}
              withBorder
              padding="xs"
              radius="md"
              role="group"
              aria-label={`Image ${n}`}
            >
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <FormImagePreview
                    image={entry.image}
                    alt={`Image ${n}${entry.color ? `, ${entry.color}` : ''}${entry.image.kind === 'new' ? ' (new)' : ''}`}
                  />
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove image ${n}`} onClick={() => onRemove(i)}>
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
                <Group gap={6} align="flex-end" wrap="nowrap">
                  <NativeSelect
                    aria-label={`Color of image ${n}`}
                    size="xs"
                    style={{ flex: 1 }}
                    value={entry.color ?? ''}
                    onChange={(event) => onColor(i, event.currentTarget.value || null)}
                    data={[{ value: '', label: 'Select Color' }, ...choices]}
                  />
                  <Button
                    variant="subtle"
                    size="xs"
                    aria-label={`Clear color of image ${n}`}
                    disabled={entry.color === null}
                    onClick={() => onColor(i, null)}
                  >
                    Clear
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Card withBorder padding="md" radius="md" style={{ borderStyle: 'dashed' }}>
        <Group justify="space-between">
          <Text size="sm">{remaining} slot(s) remaining</Text>
          <PickImageButton label="Upload images" multiple disabled={remaining === 0} onPick={onAdd} />
        </Group>
      </Card>
    </FormSection>
  );
}
