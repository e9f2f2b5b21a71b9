import { BUNDLE_SCREEN_TEXT, type Bundle, formatDiscountDay, formatDollars } from '@backroom/contract';
import { Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { BUNDLE_TONES } from '../bundle-screen';
import { type BundleActionHandlers, BundleActions } from './bundle-actions';

interface BundleTableProps extends BundleActionHandlers {
  bundles: Bundle[];
  busy: boolean;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A cancelled bundle's cells: greyed (still above 4.5:1 in either colour scheme) and struck through. */
const cancelledStyle = {
  color: `light-dark(${BUNDLE_TONES.cancelled.text}, var(--mantine-color-dimmed))`,
  textDecoration: 'line-through',
} as const;

function Tone({ tone, children }: { tone: keyof typeof BUNDLE_TONES; children: string }) {
  return (
    <Badge
      size="sm"
      radius="sm"
      style={{ background: BUNDLE_TONES[tone].background, color: BUNDLE_TONES[tone].text, textDecoration: 'none' }}
    >
      {children}
    </Badge>
  );
}

/** The title, with what a screen reader must hear too: cancelled, a removed product. */
function TitleCell({ bundle }: { bundle: Bundle }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text fw={500} style={{ overflowWrap: 'anywhere', ...(bundle.cancelled ? cancelledStyle : {}) }}>
        {bundle.title}
      </Text>
      {(bundle.cancelled || bundle.hasRemovedProduct) && (
        <Group gap={4}>
          {bundle.cancelled && <Tone tone="cancelled">{BUNDLE_SCREEN_TEXT.cancelled}</Tone>}
          {bundle.hasRemovedProduct && (
            <Tooltip label={BUNDLE_SCREEN_TEXT.productRemovedHelp} multiline w={260}>
              {/* Text that wraps rather than a badge, which would cut it short in a phone's narrow column. */}
              <Group
                gap={4}
                wrap="nowrap"
                align="center"
                px={6}
                py={2}
                style={{
                  background: BUNDLE_TONES.warning.background,
                  color: BUNDLE_TONES.warning.text,
                  borderRadius: 4,
                  fontSize: 'var(--mantine-font-size-xs)',
                  fontWeight: 700,
                  lineHeight: 1.3,
                }}
              >
                <IconAlertTriangle size={12} aria-hidden="true" style={{ flex: 'none' }} />
                <span>{BUNDLE_SCREEN_TEXT.productRemoved}</span>
              </Group>
            </Tooltip>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The bundles (spec 2 section 2, Bundle Sales): Title, Price, Start and End Date (from md, 992 px),
 * Products and Purchased (from xs, 576 px), Actions. A cancelled bundle is greyed and struck through.
 */
export function BundleTable({ bundles, busy, ...actions }: BundleTableProps) {
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Bundles" aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th visibleFrom="md">Start Date</Table.Th>
            <Table.Th visibleFrom="md">End Date</Table.Th>
            <Table.Th visibleFrom="xs">Products</Table.Th>
            <Table.Th visibleFrom="xs">Purchased</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bundles.map((bundle) => {
            const faded = bundle.cancelled ? cancelledStyle : undefined;
            return (
              <Table.Tr key={bundle._id} data-cancelled={bundle.cancelled || undefined}>
                <Table.Td>
                  <TitleCell bundle={bundle} />
                </Table.Td>
                <Table.Td style={{ ...NO_WRAP, ...faded }}>{formatDollars(bundle.price)}</Table.Td>
                <Table.Td visibleFrom="md" style={{ ...NO_WRAP, ...faded }}>
                  {formatDiscountDay(bundle.startDate)}
                </Table.Td>
                <Table.Td visibleFrom="md" style={{ ...NO_WRAP, ...faded }}>
                  {formatDiscountDay(bundle.endDate)}
                </Table.Td>
                <Table.Td visibleFrom="xs" style={faded}>
                  {bundle.productCount}
                </Table.Td>
                <Table.Td visibleFrom="xs" style={faded}>
                  {bundle.purchaseCount}
                </Table.Td>
                <Table.Td>
                  <BundleActions bundle={bundle} {...actions} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
