import { EVENTS } from '@backroom/contract';
import type { Page } from '@playwright/test';

/** Resolves once the page's socket has asked to join the admins' room, over polling or websocket. */
export function joinedAdminRoom(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('request', (request) => {
      if (request.url().includes('/socket.io/') && request.postData()?.includes(EVENTS.joinAdminGlobal)) resolve();
    });
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        if (String(frame.payload).includes(EVENTS.joinAdminGlobal)) resolve();
      });
    });
  });
}
