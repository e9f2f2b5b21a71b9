import { BUNDLE_SCREEN_TEXT, type Bundle, formatDollars, validityLabel } from '@backroom/contract';
import { Center, Group, Image, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';

/** The images, one large and the thumbnails to choose it; 'No Image' when there is none. */
function Gallery({ bundle }: { bundle: Bundle }) {
  const [shown, setShown] = useState(0);
  const count = bundle.images.length;
  if (count === 0) {
    return (
      <Paper withBorder h={200} radius="md">
        <Center h="100%">
          <Text c="dimmed">{BUNDLE_SCREEN_TEXT.noImage}</Text>
        </Center>
      </Paper>
    );
  }
  const index = Math.min(shown, count - 1);
  return (
    <Stack gap="xs">
      <Image
        src={bundle.images[index]}
        alt={`${bundle.title}, image ${index + 1} of ${count}`}
        h={260}
        fit="contain"
        radius="md"
        bg="var(--backroom-color-surface)"
      />
      {count > 1 && (
        <Group gap="xs" role="group" aria-label="Thumbnails">
          {bundle.thumbnails.map((thumbnail, i) => (
            <UnstyledButton
              // biome-ignore lint/suspicious/noArrayIndexKey: an image may appear twice; its place is its identity.
              key={i}
              aria-label={`Show image ${i + 1} of ${count}`}
              aria-pressed={i === index}
              onClick={() => setShown(i)}
              style={{
                borderRadius: 6,
                outline:
                  i === index
                    ? '2px solid var(--mantine-color-blue-7)'
                    : '1px solid var(--mantine-color-default-border)',
                outlineOffset: 1,
              }}
            >
              <Image src={thumbnail} alt="" w={56} h={56} radius="sm" fit="cover" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** View: the gallery, title, description, price and the days it is on sale (spec 2 section 2). */
export function BundleViewModal({ bundle, onClose }: { bundle: Bundle | null; onClose: () => void }) {
  return (
    <Dialog size="lg" opened={bundle !== null} onClose={onClose} title="Bundle Details">
      {bundle && (
        <Stack gap="sm">
          <Gallery key={bundle._id} bundle={bundle} />
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {bundle.title}
            {bundle.cancelled && ` (${BUNDLE_SCREEN_TEXT.cancelled})`}
          </Title>
          {bundle.description && (
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{bundle.description}</Text>
          )}
          <Text fw={600}>{formatDollars(bundle.price)}</Text>
          <Text>{validityLabel(bundle.startDate, bundle.endDate)}</Text>
          <Stack gap={2} component="ul" m={0} pl="md" aria-label="Products">
            {bundle.products.map((product, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a removed product has no id.
              <Text component="li" key={i} size="sm">
                {product.name} ({formatDollars(product.price)})
                {product.removed && ` — ${BUNDLE_SCREEN_TEXT.productRemoved.toLowerCase()} from the catalogue`}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
    </Dialog>
  );
}
