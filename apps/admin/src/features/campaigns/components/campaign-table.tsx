import { CAMPAIGN_TYPE_LABELS, type Campaign } from '@backroom/contract';
import { Box, Button, Table, Text } from '@mantine/core';

interface CampaignTableProps {
  campaigns: readonly Campaign[];
  /** Shows a View button per row when given. */
  onView?: (id: string) => void;
  caption: string;
}

const STATUS_LABELS = { queued: 'Queued', sending: 'Sending', done: 'Done' } as const;

/** Campaigns with their sent / failed / pending / skipped counts (moving live while they send). */
export function CampaignTable({ campaigns, onView, caption }: CampaignTableProps) {
  if (campaigns.length === 0) return <Text c="dimmed">No e-mails sent yet</Text>;
  return (
    // Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too.
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      <Table striped highlightOnHover miw={640}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Sent on</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Recipients</Table.Th>
            <Table.Th ta="right">Sent</Table.Th>
            <Table.Th ta="right">Failed</Table.Th>
            <Table.Th ta="right">Pending</Table.Th>
            <Table.Th ta="right">Skipped</Table.Th>
            {onView ? <Table.Th>Message</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((c) => (
            <Table.Tr key={c._id} data-testid="campaign-row">
              <Table.Td>{c.subject}</Table.Td>
              <Table.Td>{CAMPAIGN_TYPE_LABELS[c.notificationType]}</Table.Td>
              <Table.Td>{new Date(c.createdAt).toLocaleString()}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {STATUS_LABELS[c.status]}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{c.recipients}</Table.Td>
              <Table.Td ta="right" data-testid="campaign-sent">
                {c.sent}
              </Table.Td>
              <Table.Td ta="right">{c.failed}</Table.Td>
              <Table.Td ta="right">{c.pending}</Table.Td>
              <Table.Td ta="right">{c.skipped}</Table.Td>
              {onView ? (
                <Table.Td>
                  <Button size="xs" variant="default" onClick={() => onView(c._id)} aria-label={`View ${c.subject}`}>
                    View
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
