import { MESSAGES, type Message } from '@backroom/contract';
import { Button, Center, Loader, Text } from '@mantine/core';
import { LoadError } from '../../../components/load-error';
import { ApiError, serverMessageOr } from '../../../lib/api-error';
import type { useThread } from '../api';
import { senderLabel, threadMessages } from '../conversation-cache';
import { useThreadScroll } from '../hooks/use-thread-scroll';
import { MessageText } from './message-text';
import classes from './message-thread.module.css';

interface MessageThreadProps {
  /** The open conversation's pages (useThread). */
  thread: ReturnType<typeof useThread>;
  /** What the thread is called for assistive technology, e.g. 'Messages with Casey'. */
  label: string;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The open conversation's messages, oldest at the top (spec 2 section 2): an admin's on the right
 * as 'You', a customer's on the left with their name or 'User'. The newest page loads first;
 * 'Load older messages' adds the page before, keeping what was on screen in place.
 */
export function MessageThread({ thread, label }: MessageThreadProps) {
  const messages = threadMessages(thread.data);
  const scroll = useThreadScroll(messages);

  const loadOlder = () => {
    scroll.keepPosition();
    void thread.fetchNextPage();
  };

  return (
    <div
      ref={scroll.ref}
      className={classes.thread}
      role="log"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe).
      tabIndex={0}
      onScroll={scroll.onScroll}
    >
      {thread.isPending ? (
        <Center h="100%">
          <Loader aria-label="Loading messages" />
        </Center>
      ) : thread.isError && messages.length === 0 ? (
        // A conversation not found closes (the pane's rule): no alert for the moment it takes.
        !(thread.error instanceof ApiError && thread.error.status === 404) && (
          <LoadError
            error={thread.error}
            title={serverMessageOr(thread.error, MESSAGES.loadMessagesFailed)}
            onRetry={() => void thread.refetch()}
          />
        )
      ) : messages.length === 0 ? (
        <Center h="100%">
          <Text c="dimmed">{MESSAGES.noMessages}</Text>
        </Center>
      ) : (
        <>
          {thread.hasNextPage && (
            <Center mb="sm">
              <Button variant="light" size="xs" onClick={loadOlder} loading={thread.isFetchingNextPage}>
                Load older messages
              </Button>
            </Center>
          )}
          <ol className={classes.messages}>
            {messages.map((message) => (
              <MessageRow key={message._id} message={message} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function MessageRow({ message }: { message: Message }) {
  const sent = new Date(message.createdAt);
  return (
    <li className={classes.row} data-admin={message.isAdmin || undefined}>
      <div className={classes.meta}>
        <span>{senderLabel(message)}</span>
        {!Number.isNaN(sent.getTime()) && (
          <>
            {' · '}
            <time dateTime={message.createdAt}>{timeFormat.format(sent)}</time>
          </>
        )}
      </div>
      <div className={classes.bubble}>
        <MessageText text={message.body} />
      </div>
    </li>
  );
}
