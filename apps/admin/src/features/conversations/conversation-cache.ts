import {
  type Conversation,
  type ConversationListResponse,
  MESSAGES,
  type Message,
  type ThreadResponse,
} from '@backroom/contract';
import type { InfiniteData } from '@tanstack/react-query';

/*
 * How the Messages screen's cached pages change with what the socket and the calls bring (spec 2
 * sections 4 and 7): pure functions of the pages, so the rules are tested without a browser.
 * A list holds pages of conversations, newest activity first; a thread holds pages of messages,
 * the newest page first and each page oldest first.
 */

export type ConversationPages = InfiniteData<ConversationListResponse, unknown>;
export type ThreadPages = InfiniteData<ThreadResponse, unknown>;

/** The participant's name, or 'Unnamed User'. */
export function conversationName(conversation: Pick<Conversation, 'participantName'>): string {
  return conversation.participantName.trim() || MESSAGES.unnamedUser;
}

/** Who wrote a message: 'You' for an admin, else the customer's name or 'User'. */
export function senderLabel(message: Pick<Message, 'isAdmin' | 'sender'>): string {
  if (message.isAdmin) return MESSAGES.adminSender;
  return message.sender?.name.trim() || MESSAGES.customerSender;
}

export function findConversation(list: ConversationPages | undefined, id: string): Conversation | undefined {
  for (const page of list?.pages ?? []) {
    const found = page.conversations.find((c) => c._id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A message arrived (or was sent): its conversation gets it as the last message and moves to the
 * top. A customer's message makes it unread unless it is the one open; an admin's reply marks it
 * read (as the server does). Answers undefined when the conversation is not among the loaded pages
 * (the caller then refetches the list).
 */
export function withNewMessage(
  list: ConversationPages,
  message: Message,
  openId: string | null,
): ConversationPages | undefined {
  const current = findConversation(list, message.conversation);
  if (!current) return undefined;
  const updated: Conversation = {
    ...current,
    lastMessage: message.body,
    lastMessageAt: message.createdAt,
    adminUnread: !message.isAdmin && message.conversation !== openId,
  };
  const pages = list.pages.map((page, index) => {
    const others = page.conversations.filter((c) => c._id !== current._id);
    return { ...page, conversations: index === 0 ? [updated, ...others] : others };
  });
  return { ...list, pages };
}

/** The conversation marked read (it was opened here). */
export function withReadConversation(list: ConversationPages, id: string): ConversationPages {
  if (!findConversation(list, id)?.adminUnread) return list;
  return mapConversations(list, (c) => (c._id === id ? { ...c, adminUnread: false } : c));
}

/** The conversation gone (deleted here or by another admin). */
export function withoutConversation(list: ConversationPages, id: string): ConversationPages {
  if (!findConversation(list, id)) return list;
  return {
    ...list,
    pages: list.pages.map((page) => ({ ...page, conversations: page.conversations.filter((c) => c._id !== id) })),
  };
}

function mapConversations(list: ConversationPages, map: (c: Conversation) => Conversation): ConversationPages {
  return { ...list, pages: list.pages.map((page) => ({ ...page, conversations: page.conversations.map(map) })) };
}

/** The list's conversations in order, each once (a moved conversation may sit in a refetched page too). */
export function listedConversations(list: ConversationPages | undefined): Conversation[] {
  return uniqueById(list?.pages.flatMap((page) => page.conversations) ?? []);
}

/**
 * A message added to the newest page of its thread, in time order, unless it is already there
 * (the socket's newMessage and the send call's answer both bring an admin's reply).
 */
export function withMessageInThread(thread: ThreadPages, message: Message): ThreadPages {
  if (thread.pages.some((page) => page.messages.some((m) => m._id === message._id))) return thread;
  const [newest, ...older] = thread.pages;
  if (!newest) return thread;
  const messages = [...newest.messages];
  let at = messages.length;
  while (at > 0 && (messages[at - 1]?.createdAt ?? '') > message.createdAt) at -= 1;
  messages.splice(at, 0, message);
  return { ...thread, pages: [{ ...newest, messages }, ...older] };
}

/** The customer's name as their messages carry it, for a conversation the list has not loaded. */
export function threadParticipant(thread: ThreadPages): string | undefined {
  for (const page of thread.pages) {
    const name = page.messages.find((m) => !m.isAdmin && m.sender?.name.trim())?.sender?.name.trim();
    if (name) return name;
  }
  return undefined;
}

/** The thread's messages, oldest first, each once. */
export function threadMessages(thread: ThreadPages | undefined): Message[] {
  return uniqueById([...(thread?.pages ?? [])].reverse().flatMap((page) => page.messages));
}

function uniqueById<T extends { _id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item._id) && seen.add(item._id));
}
