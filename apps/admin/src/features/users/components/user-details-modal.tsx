import { formatDollars, MESSAGES, type User } from '@backroom/contract';
import { Badge, Center, Divider, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { roleLabel } from '../../../lib/role-label';
import { formatJoined } from '../../../lib/user-joined';
import { useUserSummary } from '../api';
import { useFailureToast } from '../hooks/use-failure-toast';
import { DetailRow } from './detail-row';

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '-');

/** User details: the account, Active or Inactive, order statistics and the 3 most ordered products. */
export function UserDetailsModal({ user, onClose }: { user: User; onClose: () => void }) {
  const summary = useUserSummary(user._id);
  useFailureToast(summary.error, MESSAGES.fetchUsersFailed);
  const data = summary.data;
  const account = data?.user ?? user;

  return (
    <Dialog opened title="User Details" onClose={onClose} size="lg">
      <Stack gap="md">
        <section aria-labelledby="user-account">
          <Title order={2} size="h4" id="user-account" mb="xs">
            Account Information
          </Title>
          <Stack gap={4}>
            <DetailRow label="Name">{account.name}</DetailRow>
            <DetailRow label="Email">{account.email}</DetailRow>
            <DetailRow label="Role">{roleLabel(account.role)}</DetailRow>
            <DetailRow label="Status">
              <Badge color={account.isActive ? 'green.9' : 'gray.7'} variant="filled" tt="none" radius="sm">
                {account.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </DetailRow>
            <DetailRow label="Joined">{formatJoined(account._id)}</DetailRow>
          </Stack>
        </section>
        <Divider />
        {summary.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={MESSAGES.loading} />
          </Center>
        ) : data ? (
          <>
            <section aria-labelledby="user-order-stats">
              <Title order={2} size="h4" id="user-order-stats" mb="xs">
                Order Statistics
              </Title>
              <Stack gap={4}>
                <DetailRow label="Total Orders">{data.stats.orders}</DetailRow>
                <DetailRow label="Delivered">{data.stats.delivered}</DetailRow>
                <DetailRow label="Total Spent">{formatDollars(data.stats.totalSpent)}</DetailRow>
                <DetailRow label="Average Order">{formatDollars(data.stats.averageOrder)}</DetailRow>
                <DetailRow label="Last Order">{formatDate(data.stats.lastOrderAt)}</DetailRow>
              </Stack>
            </section>
            <Divider />
            <section aria-labelledby="user-top-products">
              <Title order={2} size="h4" id="user-top-products" mb="xs">
                Most Ordered Products
              </Title>
              {data.topProducts.length === 0 ? (
                <Text size="sm">{MESSAGES.noOrdersYet}</Text>
              ) : (
                <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {data.topProducts.map((product) => (
                    <Group key={`${product.productId}-${product.name}`} component="li" gap="sm" wrap="nowrap">
                      {product.image ? (
                        <Image src={product.image} alt="" w={40} h={40} radius="sm" fit="cover" />
                      ) : null}
                      <Stack gap={0}>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {product.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          Ordered {product.quantity} {product.quantity === 1 ? 'time' : 'times'}
                        </Text>
                      </Stack>
                    </Group>
                  ))}
                </Stack>
              )}
            </section>
          </>
        ) : null}
      </Stack>
    </Dialog>
  );
}
