import { assigneeLabel, type Discount, formatDiscountDay, maxUsageLabel, usageLabel } from '@backroom/contract';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';
import { CopyCodeButton } from './copy-code-button';
import { DiscountStatusBadge } from './discount-status-badge';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Discount Details: every field, the status the server computed and the usage. */
export function DiscountDetailsModal({ discount, onClose }: { discount: Discount | null; onClose: () => void }) {
  return (
    <Dialog opened={discount !== null} onClose={onClose} title="Discount Details">
      {discount && (
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} m={0} spacing="sm">
          <Detail term="Code">
            <Group gap={4} component="span" wrap="nowrap">
              <Text span ff="monospace" fw={600}>
                {discount.code}
              </Text>
              <CopyCodeButton code={discount.code} />
            </Group>
          </Detail>
          <Detail term="Status">
            <DiscountStatusBadge status={discount.status} />
          </Detail>
          <Detail term="Title">{discount.description || '—'}</Detail>
          <Detail term="Percentage">{discount.percentage}%</Detail>
          <Detail term="Start Date">{formatDiscountDay(discount.startDate)}</Detail>
          <Detail term="End Date">{formatDiscountDay(discount.endDate)}</Detail>
          <Detail term="Usage">{usageLabel(discount.usageCount, discount.maxUsage)}</Detail>
          <Detail term="Max Usage">{maxUsageLabel(discount.maxUsage)}</Detail>
          <Detail term="Assigned To">
            {assigneeLabel(discount.assignedTo)}
            {discount.assignedTo?.name && discount.assignedTo.email ? ` (${discount.assignedTo.email})` : ''}
          </Detail>
          <Detail term="Manual status">{discount.isActive ? 'Active' : 'Inactive'}</Detail>
          <Detail term="Created">{new Date(discount.createdAt).toLocaleString()}</Detail>
        </SimpleGrid>
      )}
    </Dialog>
  );
}
