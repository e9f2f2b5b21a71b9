import type { ActivityAction, ActivityEntry, ActivityKind } from '@backroom/contract';

/** What each kind of record is called on screen. */
export const KIND_LABELS: Record<ActivityKind, string> = {
  product: 'Product',
  category: 'Category',
  options: 'Options',
  order: 'Order',
  user: 'User',
  admin: 'Admin',
  settings: 'Settings',
  discount: 'Discount code',
  bundle: 'Bundle',
  campaign: 'E-mail campaign',
  conversation: 'Conversation',
  signIn: 'Sign-in',
  twoFactor: 'Two-factor sign-in',
};

const ACTION_LABELS: Record<ActivityAction, string> = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  statusChanged: 'status changed',
  roleChanged: 'role changed',
  sent: 'sent',
  signedIn: 'signed in',
  signInRefused: 'sign-in refused',
  enabled: 'turned on',
  disabled: 'turned off',
  recoveryCodeUsed: 'recovery code used',
};

/** The entry's headline: 'Order status changed', 'Sign-in refused'. Unknown words are shown as sent. */
export function entryTitle(entry: Pick<ActivityEntry, 'kind' | 'action'>): string {
  if (entry.kind === 'signIn') return entry.action === 'signInRefused' ? 'Sign-in refused' : 'Signed in';
  const kind = KIND_LABELS[entry.kind as ActivityKind] ?? entry.kind;
  const action = ACTION_LABELS[entry.action as ActivityAction] ?? entry.action;
  return `${kind} ${action}`;
}

/**
 * Where the record can be seen, when a screen shows one record by address: an order (Orders
 * searched by its id) or a product (the Modify Product modal). Nothing for a deleted record.
 */
export function recordHref(entry: Pick<ActivityEntry, 'kind' | 'action' | 'recordId'>): string | null {
  if (!entry.recordId || entry.action === 'deleted') return null;
  const id = encodeURIComponent(entry.recordId);
  if (entry.kind === 'order') return `/orders?searchBy=orderId&search=${id}`;
  if (entry.kind === 'product') return `/list?edit=${id}`;
  return null;
}

/** Longest value shown in full; a longer one (a category tree, a description) is cut with an ellipsis. */
const VALUE_MAX = 160;

/** A field's old or new value as text: '(none)' for null, lists and objects as JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** Who did it: name and e-mail as they were then, else 'Unknown'. */
export function actorLabel(actor: ActivityEntry['actor']): string {
  if (actor.name && actor.email) return `${actor.name} (${actor.email})`;
  return actor.name ?? actor.email ?? 'Unknown';
}
