import { CAMPAIGN_LIMITS } from '@backroom/contract';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageNumbers } from '../../../components/list-view/page-numbers';
import { ScreenTitle } from '../../../components/screen-title';
import { useCampaign, useCampaigns } from '../api';
import { CampaignTable } from '../components/campaign-table';
import { useCampaignEvents } from '../hooks/use-campaign-events';

/**
 * Sent e-mails: every campaign with its counts, and the message as customers see it, in a frame
 * that runs nothing (sandbox="" : no scripts, no forms, no navigation of this page).
 */
export function SentEmailsRoute() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const pageSize = CAMPAIGN_LIMITS.defaultPageSize;
  const list = useCampaigns({ page, pageSize });
  const detail = useCampaign(open);
  useCampaignEvents();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <ScreenTitle>Sent e-mails</ScreenTitle>
        <Group gap="md">
          <Text c="dimmed">User notifications and their delivery.</Text>
          <Anchor component={Link} to="/admin-management" underline="always">
            Back to Admin Management
          </Anchor>
        </Group>
      </Stack>
      <Paper withBorder p="md">
        {list.isError ? (
          <Text c="var(--mantine-color-error)">Failed to load the sent e-mails</Text>
        ) : list.data ? (
          <Stack>
            <CampaignTable campaigns={list.data.campaigns} onView={setOpen} caption="E-mails, newest first" />
            <PageNumbers
              size="sm"
              label="E-mail pages"
              page={page}
              pageSize={pageSize}
              total={list.data.total}
              onPage={setPage}
            />
          </Stack>
        ) : (
          <Text>Loading...</Text>
        )}
      </Paper>
      {open ? (
        <Paper withBorder p="md" component="section" aria-labelledby="message-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="message-title">
              {detail.data ? detail.data.campaign.subject : 'Message'}
            </Title>
            {detail.isError ? <Text c="var(--mantine-color-error)">Failed to load the message</Text> : null}
            {detail.data ? (
              <iframe
                title={`Message: ${detail.data.campaign.subject}`}
                sandbox=""
                srcDoc={detail.data.campaign.html}
                style={{
                  width: '100%',
                  minHeight: 520,
                  border: '1px solid var(--backroom-color-border)',
                  borderRadius: 8,
                }}
              />
            ) : (
              <Text>Loading...</Text>
            )}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
