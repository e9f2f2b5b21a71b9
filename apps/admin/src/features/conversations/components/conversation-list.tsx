import { type Conversation, MESSAGES } from '@backroom/contract';
import { Button, Center, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { conversationName } from '../conversation-cache';
import classes from './conversation-list.module.css';

interface ConversationListProps {
  conversations: Conversation[];
  openId: string | null;
  onOpen: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * The conversations, newest activity first (spec 2 section 2): each a button with the participant's
 * name or 'Unnamed User', the last message or 'No messages yet', and 'New message' with a red dot
 * while unread; 'Load more' for older ones.
 */
export function ConversationList({
  conversations,
  openId,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
}: ConversationListProps) {
  return (
    <Stack gap={0}>
      <ul className={classes.items} aria-label="Conversations">
        {conversations.map((conversation) => (
          <li key={conversation._id}>
            <ConversationItem
              conversation={conversation}
              open={conversation._id === openId}
              onOpen={() => onOpen(conversation._id)}
            />
          </li>
        ))}
      </ul>
      {hasMore && (
        <Center p="sm">
          <Button variant="light" onClick={onLoadMore} loading={loadingMore}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}

function ConversationItem({
  conversation,
  open,
  onOpen,
}: {
  conversation: Conversation;
  open: boolean;
  onOpen: () => void;
}) {
  return (
    <UnstyledButton className={classes.item} aria-current={open ? 'true' : undefined} onClick={onOpen}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm" className={classes.name}>
          {conversationName(conversation)}
        </Text>
        {conversation.adminUnread && (
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            <span className={classes.dot} aria-hidden="true" />
            <Text size="xs" fw={600} c="var(--backroom-color-danger-text)">
              {MESSAGES.newMessageLabel}
            </Text>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed" className={classes.last}>
        {conversation.lastMessage || MESSAGES.noLastMessage}
      </Text>
    </UnstyledButton>
  );
}
