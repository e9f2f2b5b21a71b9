import { dollarsToCents, formatMoney, MESSAGES, type User, wishlistPriceCents } from '@backroom/contract';
import { Button, Card, Center, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { useClearWishlist, useWishlist } from '../api';
import { useFailureToast } from '../hooks/use-failure-toast';

/** Wishlist: cards with image, name, category and price after discount; Clear asks first. */
export function WishlistModal({ user, onClose }: { user: User; onClose: () => void }) {
  const wishlist = useWishlist(user._id);
  useFailureToast(wishlist.error, MESSAGES.fetchWishlistFailed);
  const [confirming, setConfirming] = useState(false);
  const clear = useClearWishlist({ onSuccess: () => setConfirming(false) });
  const entries = wishlist.data?.wishlist ?? [];

  return (
    <>
      <Dialog opened={!confirming} title={`Wishlist: ${user.name}`} onClose={onClose} size="xl">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm">{wishlist.data ? `${entries.length} ${entries.length === 1 ? 'item' : 'items'}` : ''}</Text>
            <Button
              color="red.9"
              variant="light"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              disabled={entries.length === 0}
              onClick={() => setConfirming(true)}
            >
              Clear
            </Button>
          </Group>
          {wishlist.isPending ? (
            <Center py="md">
              <Text size="sm">{MESSAGES.loading}</Text>
            </Center>
          ) : entries.length === 0 ? (
            !wishlist.isError && (
              <Text size="sm" py="md" ta="center">
                {MESSAGES.noWishlistItems}
              </Text>
            )
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" role="list" aria-label="Wishlist">
              {entries.map((entry) => {
                const price = wishlistPriceCents(entry);
                return (
                  <Card key={entry._id} withBorder radius="md" padding="sm" role="listitem">
                    <Card.Section>
                      {entry.image[0] ? (
                        <Image src={entry.image[0]} alt={entry.name} h={140} fit="cover" />
                      ) : (
                        <Center h={140} bg="var(--backroom-color-surface-strong)">
                          <Text size="xs">No image</Text>
                        </Center>
                      )}
                    </Card.Section>
                    <Text size="sm" fw={600} mt="xs" style={{ overflowWrap: 'anywhere' }}>
                      {entry.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[entry.mainCategory, entry.subCategory].filter(Boolean).join(' / ')}
                    </Text>
                    <Group gap={6} mt={4}>
                      <Text size="sm" fw={700}>
                        {formatMoney(price)}
                      </Text>
                      {entry.discount > 0 && (
                        <>
                          <Text
                            size="xs"
                            td="line-through"
                            c="dimmed"
                            aria-label={`was ${formatMoney(dollarsToCents(entry.price))}`}
                          >
                            {formatMoney(dollarsToCents(entry.price))}
                          </Text>
                          <Text size="xs" c="var(--backroom-color-danger-text)">
                            -{entry.discount}%
                          </Text>
                        </>
                      )}
                    </Group>
                  </Card>
                );
              })}
            </SimpleGrid>
          )}
        </Stack>
      </Dialog>
      <Dialog opened={confirming} title="Clear Wishlist" onClose={() => setConfirming(false)}>
        <Text>Are you sure you want to clear {user.name}'s wishlist? This action cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="red.9" loading={clear.isPending} onClick={() => clear.mutate(user._id)} data-autofocus>
            Clear Wishlist
          </Button>
        </Group>
      </Dialog>
    </>
  );
}
