import { type Conversation, MESSAGES } from '@backroom/contract';
import { ActionIcon, Button, Center, Divider, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-error';
import { useDeleteConversation, useThread } from '../api';
import { conversationName, threadParticipant } from '../conversation-cache';
import { MessageComposer } from './message-composer';
import { MessageThread } from './message-thread';
import layout from './messages-layout.module.css';

interface ConversationPaneProps {
  openId: string | null;
  /** The open conversation as the list knows it (undefined while it is not among the loaded pages). */
  conversation: Conversation | undefined;
  onBack: () => void;
  /** The open conversation is gone: deleted here, or not found on the server. */
  onGone: () => void;
}

/**
 * The right pane (spec 2 section 2): the participant's name or 'Select a conversation', the delete
 * button, the thread and the reply box.
 */
export function ConversationPane({ openId, conversation, onBack, onGone }: ConversationPaneProps) {
  return (
    <Paper withBorder radius="md" className={layout.pane}>
      {openId ? (
        <OpenConversation key={openId} id={openId} conversation={conversation} onBack={onBack} onGone={onGone} />
      ) : (
        <>
          <PaneHeader title={MESSAGES.selectConversation} onBack={onBack} />
          <Divider />
          <Center style={{ flex: 1 }} p="md">
            <Text c="dimmed" ta="center">
              {MESSAGES.chooseConversation}
            </Text>
          </Center>
        </>
      )}
    </Paper>
  );
}

function OpenConversation({
  id,
  conversation,
  onBack,
  onGone,
}: {
  id: string;
  conversation: Conversation | undefined;
  onBack: () => void;
  onGone: () => void;
}) {
  const thread = useThread(id);
  const remove = useDeleteConversation({ onSuccess: onGone });
  // A conversation further down than the loaded pages (a link, a reload): named from its thread.
  const title = conversation
    ? conversationName(conversation)
    : thread.data
      ? (threadParticipant(thread.data) ?? MESSAGES.unnamedUser)
      : MESSAGES.loading;

  // Deleted meanwhile, or a stale link: the server's 'Conversation not found' toast, and nothing open.
  const notFound = thread.error instanceof ApiError && thread.error.status === 404;
  useEffect(() => {
    if (notFound) onGone();
  }, [notFound, onGone]);

  const confirmDelete = () => {
    // The browser's own confirm, as the spec says (section 5).
    if (window.confirm(MESSAGES.deleteConversationConfirm)) remove.mutate(id);
  };

  return (
    <>
      <PaneHeader title={title} onBack={onBack} onDelete={confirmDelete} deleting={remove.isPending} />
      <Divider />
      <MessageThread thread={thread} label={`Messages with ${title}`} />
      <Divider />
      <MessageComposer conversationId={id} />
    </>
  );
}

function PaneHeader({
  title,
  onBack,
  onDelete,
  deleting = false,
}: {
  title: string;
  onBack: () => void;
  /** Absent while no conversation is open: the button shows, disabled. */
  onDelete?: () => void;
  deleting?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" p="sm">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Button
          className={layout.back}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          onClick={onBack}
        >
          Back
        </Button>
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
      </Group>
      <Tooltip label="Delete conversation" disabled={!onDelete}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label="Delete conversation"
          disabled={!onDelete}
          loading={deleting}
          onClick={onDelete}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
