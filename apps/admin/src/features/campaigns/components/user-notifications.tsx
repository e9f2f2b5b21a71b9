import {
  CAMPAIGN_DEFAULTS,
  CAMPAIGN_TYPE_LABELS,
  CAMPAIGN_TYPES,
  type CampaignType,
  draftForType,
  MESSAGES,
  newsletterFormProblem,
  type Product,
  type User,
} from '@backroom/contract';
import { Anchor, Button, Group, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifyError } from '../../../lib/notify';
import { useCampaigns, useRecipients, useSendNewsletter } from '../api';
import { useCampaignEvents } from '../hooks/use-campaign-events';
import { CampaignTable } from './campaign-table';
import { ProductPicker } from './product-picker';
import { UserPickerModal } from './user-picker-modal';

type Audience = 'all' | 'selected';

/** User Notifications: an e-mail to all or selected customers (spec 2 section 2), sent in the background. */
export function UserNotifications() {
  const [type, setType] = useState<CampaignType>('newProduct');
  const [subject, setSubject] = useState(CAMPAIGN_DEFAULTS.newProduct.subject);
  const [message, setMessage] = useState(CAMPAIGN_DEFAULTS.newProduct.message);
  const [audience, setAudience] = useState<Audience>('all');
  const [selected, setSelected] = useState<Map<string, User>>(() => new Map());
  const [picking, setPicking] = useState(false);
  const [products, setProducts] = useState<Product[]>([]);
  const [link, setLink] = useState('');
  const customers = useRecipients({ page: 1, pageSize: 1 });
  const campaigns = useCampaigns({ page: 1, pageSize: 5 });
  useCampaignEvents();
  const send = useSendNewsletter({
    onSuccess: () => {
      setSelected(new Map());
      setProducts([]);
      setLink('');
    },
  });

  const changeType = (value: string) => {
    const next = value as CampaignType;
    const draft = draftForType(type, next, { subject, message });
    setType(next);
    setSubject(draft.subject);
    setMessage(draft.message);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = newsletterFormProblem({ subject, message, audience, selectedCount: selected.size });
    if (problem) {
      notifyError(problem);
      return;
    }
    send.mutate({
      audience,
      recipients: audience === 'selected' ? [...selected.keys()] : [],
      subject: subject.trim(),
      message,
      productLink: link.trim() || null,
      notificationType: type,
      productsData: products.length > 0 ? products.map((p) => ({ _id: p._id })) : null,
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="notifications-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="notifications-title">
            User Notifications
          </Title>
          <Anchor component={Link} to="/sent-emails" underline="always">
            Sent e-mails
          </Anchor>
        </Group>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Radio.Group label="Notification type" value={type} onChange={changeType}>
              <Group mt="xs">
                {CAMPAIGN_TYPES.map((t) => (
                  <Radio key={t} value={t} label={CAMPAIGN_TYPE_LABELS[t]} />
                ))}
              </Group>
            </Radio.Group>
            <Radio.Group
              label="Send to"
              value={audience}
              onChange={(value) => {
                setAudience(value as Audience);
                if (value === 'selected' && selected.size === 0) setPicking(true);
              }}
            >
              <Group mt="xs">
                <Radio value="all" label={`All Users (${customers.data?.total ?? '…'})`} />
                <Radio value="selected" label={`Select Users (${selected.size})`} />
                {audience === 'selected' ? (
                  <Button variant="light" size="xs" onClick={() => setPicking(true)}>
                    Choose users
                  </Button>
                ) : null}
              </Group>
            </Radio.Group>
            <TextInput label="Email Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
            <Textarea
              label="Message"
              autosize
              minRows={5}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
            <ProductPicker selected={products} onChange={setProducts} />
            <TextInput
              type="url"
              label="Product link (optional)"
              placeholder="https://"
              value={link}
              onChange={(e) => setLink(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? MESSAGES.sending : 'Send Email'}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap="xs">
          <Title order={3} size="h4">
            Recent e-mails
          </Title>
          {campaigns.isError ? (
            <Text c="var(--mantine-color-error)">Failed to load the sent e-mails</Text>
          ) : (
            <CampaignTable campaigns={campaigns.data?.campaigns ?? []} caption="The five latest e-mails" />
          )}
        </Stack>
      </Stack>
      <UserPickerModal
        opened={picking}
        selected={selected}
        onClose={() => setPicking(false)}
        onConfirm={(next) => {
          setSelected(next);
          setPicking(false);
        }}
      />
    </Paper>
  );
}
