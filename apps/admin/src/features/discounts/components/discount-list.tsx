import { assigneeLabel, type Discount, formatDiscountDay, usageLabel } from '@backroom/contract';
import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyCodeButton } from './copy-code-button';
import { type DiscountActionHandlers, DiscountActions } from './discount-actions';
import { DiscountStatusBadge } from './discount-status-badge';

interface DiscountListProps extends DiscountActionHandlers {
  discounts: Discount[];
  busy: boolean;
}

const COLUMNS = ['Code', 'Title', 'Percentage', 'Validity', 'Usage', 'Assigned To', 'Status', 'Actions'];

/** The code in a monospace face, with its copy button. */
function CodeWithCopy({ code }: { code: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text ff="monospace" fw={600}>
        {code}
      </Text>
      <CopyCodeButton code={code} />
    </Group>
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** First day – last day (both included), each day kept on one line. */
function Validity({ discount }: { discount: Discount }) {
  return (
    <>
      <span style={NO_WRAP}>{formatDiscountDay(discount.startDate)}</span> –{' '}
      <span style={NO_WRAP}>{formatDiscountDay(discount.endDate)}</span>
    </>
  );
}

const title = (discount: Discount) => discount.description || '—';

/** A labelled value of a card. */
function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The codes as a table on large screens (lg, 1200 px, where its eight columns fit beside the
 * sidebar) and as cards below (spec 2 section 2, Discount Codes).
 */
export function DiscountList({ discounts, busy, ...actions }: DiscountListProps) {
  return (
    <>
      <Table.ScrollContainer minWidth={0} visibleFrom="lg">
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Discount codes" aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {discounts.map((discount) => (
              <Table.Tr key={discount._id}>
                <Table.Td>
                  <CodeWithCopy code={discount.code} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{title(discount)}</Table.Td>
                <Table.Td>{discount.percentage}%</Table.Td>
                <Table.Td>
                  <Validity discount={discount} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {usageLabel(discount.usageCount, discount.maxUsage)}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{assigneeLabel(discount.assignedTo)}</Table.Td>
                <Table.Td>
                  <DiscountStatusBadge status={discount.status} />
                </Table.Td>
                <Table.Td>
                  <DiscountActions discount={discount} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack
        hiddenFrom="lg"
        gap="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Discount codes"
        aria-busy={busy}
      >
        {discounts.map((discount) => (
          <Card key={discount._id} withBorder component="li" padding="sm">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="center">
                <CodeWithCopy code={discount.code} />
                <DiscountStatusBadge status={discount.status} />
              </Group>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {title(discount)}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                <CardLine label="Percentage">{discount.percentage}%</CardLine>
                <CardLine label="Usage">{usageLabel(discount.usageCount, discount.maxUsage)}</CardLine>
                <CardLine label="Validity">
                  <Validity discount={discount} />
                </CardLine>
                <CardLine label="Assigned To">{assigneeLabel(discount.assignedTo)}</CardLine>
              </SimpleGrid>
              <Group justify="flex-end">
                <DiscountActions discount={discount} {...actions} />
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
