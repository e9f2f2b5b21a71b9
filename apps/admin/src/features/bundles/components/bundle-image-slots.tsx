import { BUNDLE_MESSAGES } from '@backroom/contract';
import { ActionIcon, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { FormImagePreview } from '../../../components/form/form-image-preview';
import { PickImageButton } from '../../../components/form/pick-image-button';
import type { BundleImageSlot } from '../bundle-screen';

interface BundleImageSlotsProps {
  slots: BundleImageSlot[];
  onChange: (slots: BundleImageSlot[]) => void;
  error?: string;
}

/**
 * Images (spec 2 section 2): five slots, image files only, a preview in each; on Modify the
 * bundle's images fill the first slots and each can be removed.
 */
export function BundleImageSlots({ slots, onChange, error }: BundleImageSlotsProps) {
  const errorId = useId();
  const set = (index: number, slot: BundleImageSlot) => onChange(slots.map((s, i) => (i === index ? slot : s)));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {BUNDLE_MESSAGES.imagesHelp}
      </Text>
      <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs" aria-describedby={error ? errorId : undefined}>
        {slots.map((slot, i) => {
          const n = i + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the slots are fixed positions 1 to 5.
            <Card key={i} withBorder padding={6} radius="md" role="group" aria-label={`Image slot ${n}`}>
              {slot ? (
                <Stack gap={4} align="center">
                  <FormImagePreview
                    image={slot.kind === 'saved' ? { kind: 'saved', url: slot.thumbnail } : slot}
                    alt={`Image ${n}${slot.kind === 'new' ? ' (new)' : ''}`}
                    size={80}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove image ${n}`}
                    onClick={() => set(i, null)}
                  >
                    <IconX size={16} aria-hidden="true" />
                  </ActionIcon>
                </Stack>
              ) : (
                <Stack align="center" justify="center" mih={108}>
                  <PickImageButton
                    label={`Upload image ${n}`}
                    shortText="Upload"
                    onPick={([file]) => set(i, file ? { kind: 'new', file } : null)}
                  />
                </Stack>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
