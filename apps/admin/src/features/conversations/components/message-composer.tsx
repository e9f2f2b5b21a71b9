import { MESSAGE_MAX_LENGTH, MESSAGES } from '@backroom/contract';
import { Button, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useSendMessage } from '../api';

/**
 * The reply box (spec 2 sections 2 and 5): Enter sends, Shift+Enter adds a line; Send is disabled
 * while the trimmed text is empty. The box empties at once; a failed send puts the text back.
 */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage();
  const body = text.trim();

  const submit = () => {
    if (!body) return;
    const typed = text;
    setText('');
    send.mutate({ conversationId, body }, { onError: () => setText((current) => (current === '' ? typed : current)) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap="sm" align="flex-end" wrap="nowrap" p="sm">
        <Textarea
          aria-label="Message"
          placeholder={MESSAGES.messagePlaceholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX_LENGTH}
          autosize
          minRows={1}
          maxRows={5}
          style={{ flex: 1 }}
        />
        <Button type="submit" disabled={!body} leftSection={<IconSend size={16} aria-hidden="true" />}>
          Send
        </Button>
      </Group>
    </form>
  );
}
