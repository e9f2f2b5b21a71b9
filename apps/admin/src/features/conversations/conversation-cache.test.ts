import type { Conversation, Message } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  type ConversationPages,
  conversationName,
  listedConversations,
  senderLabel,
  type ThreadPages,
  threadMessages,
  threadParticipant,
  withMessageInThread,
  withNewMessage,
  withoutConversation,
  withReadConversation,
} from './conversation-cache';

const conversation = (id: string, overrides: Partial<Conversation> = {}): Conversation => ({
  _id: id,
  participantName: `Customer ${id}`,
  user: null,
  lastMessage: null,
  lastMessageAt: null,
  adminUnread: false,
  ...overrides,
});

const message = (id: string, conversationId: string, overrides: Partial<Message> = {}): Message => ({
  _id: id,
  conversation: conversationId,
  body: `text ${id}`,
  isAdmin: false,
  sender: { name: 'Casey' },
  createdAt: `2026-11-24T10:00:0${id.length}.000Z`,
  ...overrides,
});

const list = (...pages: Conversation[][]): ConversationPages => ({
  pages: pages.map((conversations, i) => ({
    success: true as const,
    conversations,
    nextCursor: i < pages.length - 1 ? `c${i}` : null,
  })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});

const thread = (...pages: Message[][]): ThreadPages => ({
  pages: pages.map((messages) => ({ success: true as const, messages, nextCursor: null })),
  pageParams: pages.map(() => null),
});

const ids = (items: { _id: string }[]) => items.map((i) => i._id);

describe('names', () => {
  it("shows the participant's name, else 'Unnamed User'", () => {
    expect(conversationName({ participantName: 'Ada' })).toBe('Ada');
    expect(conversationName({ participantName: '  ' })).toBe('Unnamed User');
  });

  it("labels an admin's message 'You', a customer's with their name or 'User'", () => {
    expect(senderLabel({ isAdmin: true, sender: { name: 'Alex Admin' } })).toBe('You');
    expect(senderLabel({ isAdmin: false, sender: { name: 'Casey' } })).toBe('Casey');
    expect(senderLabel({ isAdmin: false, sender: { name: '' } })).toBe('User');
    expect(senderLabel({ isAdmin: false, sender: null })).toBe('User');
  });
});

describe('withNewMessage', () => {
  const before = list([conversation('a'), conversation('b')], [conversation('c')]);

  it('moves the conversation to the top with the message as its last, unread when a customer wrote', () => {
    const after = withNewMessage(before, message('m1', 'c', { body: 'Hello' }), 'a');
    expect(after && ids(listedConversations(after))).toEqual(['c', 'a', 'b']);
    expect(after?.pages[0]?.conversations[0]).toMatchObject({ _id: 'c', lastMessage: 'Hello', adminUnread: true });
    expect(after?.pages[1]?.conversations).toEqual([]);
    expect(after?.pageParams).toEqual(before.pageParams);
  });

  it('leaves the open conversation read, and an admin reply marks one read', () => {
    expect(withNewMessage(before, message('m1', 'b'), 'b')?.pages[0]?.conversations[0]?.adminUnread).toBe(false);
    const unread = list([conversation('a'), conversation('b', { adminUnread: true })]);
    expect(
      withNewMessage(unread, message('m1', 'b', { isAdmin: true }), null)?.pages[0]?.conversations[0],
    ).toMatchObject({ _id: 'b', adminUnread: false });
  });

  it('answers undefined for a conversation not loaded, so the list is fetched again', () => {
    expect(withNewMessage(before, message('m1', 'zz'), null)).toBeUndefined();
  });
});

describe('read and removed conversations', () => {
  const before = list([conversation('a', { adminUnread: true }), conversation('b')]);

  it('marks one read, and leaves the pages alone when nothing changes', () => {
    expect(withReadConversation(before, 'a').pages[0]?.conversations[0]?.adminUnread).toBe(false);
    expect(withReadConversation(before, 'b')).toBe(before);
  });

  it('drops a deleted one', () => {
    expect(ids(listedConversations(withoutConversation(before, 'a')))).toEqual(['b']);
    expect(withoutConversation(before, 'zz')).toBe(before);
  });

  it('lists each conversation once', () => {
    expect(ids(listedConversations(list([conversation('a')], [conversation('a'), conversation('b')])))).toEqual([
      'a',
      'b',
    ]);
    expect(listedConversations(undefined)).toEqual([]);
  });
});

describe('threads', () => {
  const older = [message('1', 'a', { createdAt: '2026-11-24T09:00:00.000Z' })];
  const newest = [
    message('2', 'a', { createdAt: '2026-11-24T10:00:00.000Z' }),
    message('3', 'a', { createdAt: '2026-11-24T11:00:00.000Z' }),
  ];
  const before = thread(newest, older);

  it('reads oldest first across pages', () => {
    expect(ids(threadMessages(before))).toEqual(['1', '2', '3']);
    expect(threadParticipant(before)).toBe('Casey');
    expect(threadParticipant(thread([message('9', 'a', { isAdmin: true, sender: { name: 'Alex' } })]))).toBeUndefined();
    expect(threadMessages(undefined)).toEqual([]);
  });

  it('adds a new message once, in time order', () => {
    const added = withMessageInThread(before, message('4', 'a', { createdAt: '2026-11-24T12:00:00.000Z' }));
    expect(ids(threadMessages(added))).toEqual(['1', '2', '3', '4']);
    expect(withMessageInThread(added, message('4', 'a'))).toBe(added);
    expect(withMessageInThread(before, message('1', 'a'))).toBe(before);
    const late = withMessageInThread(before, message('5', 'a', { createdAt: '2026-11-24T10:30:00.000Z' }));
    expect(ids(threadMessages(late))).toEqual(['1', '2', '5', '3']);
  });
});
