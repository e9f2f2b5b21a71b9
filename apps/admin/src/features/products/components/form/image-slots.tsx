import { PRODUCT_LIMITS } from '@backroom/contract';
import { ActionIcon, Badge, Card, Group, SimpleGrid, Stack, Text, type TitleOrder } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { FormImagePreview } from '../../../../components/form/form-image-preview';
import { FormSection } from '../../../../components/form/form-section';
import { PickImageButton } from '../../../../components/form/pick-image-button';
import { colorsForImages } from '../../product-form-images';

interface ImageSlotsProps {
  order: TitleOrder;
  /** 10 slots, each empty or holding one picked file. */
  slots: (File | null)[];
  onChange: (slots: (File | null)[]) => void;
  /** The colours picked, in order: the n-th goes to the n-th image. */
  colors: string[];
}

/** Product Images on the Add screen: 10 slots, one file each (spec 1 section 2.4). */
export function ImageSlots({ order, slots, onChange, colors }: ImageSlotsProps) {
  const filled = slots.filter((f) => f !== null).length;
  const imageColors = colorsForImages(colors, filled);
  /** The colour of each slot's image: the n-th filled slot has the n-th colour. */
  const slotColor = (i: number) => imageColors[slots.slice(0, i).filter((f) => f !== null).length] ?? null;
  const set = (index: number, file: File | null) => onChange(slots.map((f, i) => (i === index ? file : f)));

  return (
    <FormSection title="Product Images" order={order}>
      <Text size="sm" c="dimmed">
        {filled}/{PRODUCT_LIMITS.maxImages} images
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {slots.map((file, i) => {
          const n = i + 1;
          const color = file ? slotColor(i) : null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the slots are fixed positions 1 to 10.
            <Card key={i} withBorder padding="xs" radius="md">
              {file ? (
                <Stack gap={4} align="center">
                  <FormImagePreview image={{ kind: 'new', file }} alt={`Image ${n}${color ? `, ${color}` : ''}`} />
                  <Group gap={4} justify="center">
                    {color && (
                      <Badge size="sm" variant="outline">
                        {color}
                      </Badge>
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove image ${n}`}
                      onClick={() => set(i, null)}
                    >
                      <IconX size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </Stack>
              ) : (
                <Stack gap={4} align="center" justify="center" mih={96}>
                  <PickImageButton
                    label={`Upload image ${n}`}
                    shortText="Upload"
                    onPick={([picked]) => set(i, picked ?? null)}
                  />
                </Stack>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </FormSection>
  );
}
