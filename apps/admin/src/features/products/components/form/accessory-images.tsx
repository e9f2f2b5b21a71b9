import { type FormImage, PRODUCT_LIMITS } from '@backroom/contract';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { FormImagePreview } from '../../../../components/form/form-image-preview';
import { PickImageButton } from '../../../../components/form/pick-image-button';

interface AccessoryImagesProps {
  /** 'Accessory 2': names the images and buttons. */
  name: string;
  value: FormImage[];
  onChange: (images: FormImage[]) => void;
  /** A saved image was taken out (the Modify form sends it as removed). */
  onSavedImageRemoved?: (url: string) => void;
}

/** Up to 2 images of one accessory. */
export function AccessoryImages({ name, value, onChange, onSavedImageRemoved }: AccessoryImagesProps) {
  const room = PRODUCT_LIMITS.maxAccessoryImages - value.length;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Images ({value.length}/{PRODUCT_LIMITS.maxAccessoryImages})
      </Text>
      <Group gap="sm" align="flex-start">
        {value.map((image, i) => (
          <Stack key={image.kind === 'saved' ? image.url : `new-${i}`} gap={4} align="center">
            <FormImagePreview image={image} alt={`${name} image ${i + 1}`} size={72} />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name} image ${i + 1}`}
              onClick={() => {
                onChange(value.filter((_, j) => j !== i));
                if (image.kind === 'saved') onSavedImageRemoved?.(image.url);
              }}
            >
              <IconX size={16} aria-hidden="true" />
            </ActionIcon>
          </Stack>
        ))}
        {room > 0 && (
          <PickImageButton
            label={`Upload image for ${name}`}
            onPick={(files) =>
              onChange([...value, ...files.slice(0, room).map((file): FormImage => ({ kind: 'new', file }))])
            }
          >
            {`Upload image for ${name}`}
          </PickImageButton>
        )}
      </Group>
    </Stack>
  );
}
