import '../styles';
import { MESSAGES } from '@backroom/contract';
import { Box, Center, Divider, Loader, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo } from 'react';
import { LoadError } from '../../../components/load-error';
import { ScreenTitle } from '../../../components/screen-title';
import { serverMessageOr } from '../../../lib/api-error';
import { setMessagesOpen } from '../../../lib/socket';
import { useConversationList } from '../api';
import { ConversationList } from '../components/conversation-list';
import { ConversationPane } from '../components/conversation-pane';
import { ConversationSearch } from '../components/conversation-search';
import layout from '../components/messages-layout.module.css';
import { findConversation, listedConversations } from '../conversation-cache';
import { useConversationEvents } from '../hooks/use-conversation-events';
import { useMessagesSearchParams } from '../hooks/use-messages-search-params';
import { useRememberedConversation } from '../hooks/use-remembered-conversation';

/**
 * Messages (spec 2 section 2, issue 12): the conversations, newest activity first, a page at a time,
 * beside the open one (?c= in the URL); replies, deletion, and customers' messages as they arrive.
 */
export function MessagesRoute() {
  const { openId, q, setOpenId, setQ } = useMessagesSearchParams();
  const list = useConversationList(q);
  const conversations = useMemo(() => listedConversations(list.data), [list.data]);
  const listedIds = useMemo(() => conversations.map((c) => c._id), [conversations]);

  const openConversation = useRememberedConversation(openId ? findConversation(list.data, openId) : undefined, openId);

  const close = useCallback(() => setOpenId(null, { replace: true }), [setOpenId]);
  useConversationEvents({ openId, listedIds, onOpenDeleted: close });

  // While this screen is open, customers' messages do not ring the bell (decision 056).
  useEffect(() => {
    setMessagesOpen(true);
    return () => setMessagesOpen(false);
  }, []);

  return (
    <Stack gap="lg">
      <ScreenTitle>Messages</ScreenTitle>
      <div className={layout.layout}>
        <div className={layout.columns} data-open={openId ? '' : undefined}>
          <Paper withBorder radius="md" className={layout.list}>
            <ConversationSearch value={q} onChange={setQ} />
            <Divider />
            {list.isError && conversations.length === 0 ? (
              <Stack p="sm">
                <LoadError
                  error={list.error}
                  title={serverMessageOr(list.error, MESSAGES.fetchConversationsFailed)}
                  onRetry={() => void list.refetch()}
                />
              </Stack>
            ) : list.isPending ? (
              <Center py="xl">
                <Loader aria-label="Loading conversations" />
              </Center>
            ) : conversations.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl" px="sm">
                {MESSAGES.noConversations}
              </Text>
            ) : (
              <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
                <ConversationList
                  conversations={conversations}
                  openId={openId}
                  onOpen={(id) => setOpenId(id)}
                  hasMore={list.hasNextPage}
                  loadingMore={list.isFetchingNextPage}
                  onLoadMore={() => void list.fetchNextPage()}
                />
              </Box>
            )}
          </Paper>
          <ConversationPane openId={openId} conversation={openConversation} onBack={close} onGone={close} />
        </div>
      </div>
    </Stack>
  );
}
