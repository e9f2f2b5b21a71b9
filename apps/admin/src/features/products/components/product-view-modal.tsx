import type { Product } from '@backroom/contract';
import { Badge, Button, Group, Image, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';

interface ProductViewModalProps {
  product: Product | null;
  onClose: () => void;
}

function NoImages() {
  return (
    <Text size="sm" c="dimmed">
      No images available
    </Text>
  );
}

/** The View modal (spec 1 section 2.6): every image full size with its colour, then each accessory's images. */
export function ProductViewModal({ product, onClose }: ProductViewModalProps) {
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={product?.name ?? ''}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {product && (
        <Stack gap="md">
          {product.image.length === 0 ? (
            <NoImages />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {product.image.map((url, index) => {
                const color = product.colorVariants.find((variant) => variant.image === url)?.color;
                return (
                  <Stack key={url} gap={4}>
                    <Image
                      src={url}
                      alt={`${product.name} image ${index + 1}${color ? `, ${color}` : ''}`}
                      radius="sm"
                    />
                    {color && (
                      <Badge variant="outline" size="sm">
                        {color}
                      </Badge>
                    )}
                  </Stack>
                );
              })}
            </SimpleGrid>
          )}
          {product.accessories.map((accessory, i) => {
            const name = accessory.name.trim() || `Accessory ${i + 1}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: accessories have no id and keep their order.
              <Stack key={i} gap="xs">
                <Title order={3} size="h5">
                  {name}
                </Title>
                {accessory.images.length === 0 ? (
                  <NoImages />
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    {accessory.images.map((url, n) => (
                      <Image key={url} src={url} alt={`${name} image ${n + 1}`} radius="sm" />
                    ))}
                  </SimpleGrid>
                )}
              </Stack>
            );
          })}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
