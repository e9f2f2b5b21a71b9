import { NOTIFICATION_PATHS, type NotificationListResponse } from '@backroom/contract';
import type { TestApp } from './app';
import { waitUntil } from './wait';

/** GET /api/notifications as this admin (the whole list unless a query is given). */
export async function bell(t: TestApp, token: string, query = ''): Promise<NotificationListResponse> {
  const res = await t.app.inject({ method: 'GET', url: `${NOTIFICATION_PATHS.list}${query}`, headers: { token } });
  if (res.statusCode !== 200) throw new Error(`GET notifications: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The first notification that matches, once it is there (a job's end may trail its answer). */
export function rung(
  t: TestApp,
  token: string,
  matches: (n: NotificationListResponse['notifications'][number]) => boolean,
) {
  return waitUntil(async () => (await bell(t, token)).notifications.find(matches), 'the notification');
}
