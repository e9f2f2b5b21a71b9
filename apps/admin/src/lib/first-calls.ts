/*
 * The first screen's GET calls, made by index.html's inline script as the page is read, beside the
 * code's download instead of after it has arrived and run (public/first-screen-preload.js,
 * docs/decisions/058-lighthouse-on-a-phone.md). Their answers wait in window.backroomFirstCalls,
 * unread, for the app's first call to each path, which reads one as it would its own fetch's.
 */

/** What the inline script leaves: the token it sent, and each path's answer to come. */
export interface FirstCalls {
  token: string;
  answers: Record<string, Promise<Response> | undefined>;
}

declare global {
  // The inline script's `window.backroomFirstCalls` (window is the global object in a page).
  var backroomFirstCalls: FirstCalls | undefined;
}

/**
 * How long after the page's start an answer is still taken: as long as the Dashboard's summary is
 * fresh in the app's cache. A first screen asks within it; a later call asks the server itself.
 */
export const FIRST_CALLS_FRESH_MS = 30_000;

/**
 * The inline script's answer for `path`, if it asked with `token` within the freshness window; taken
 * once (a second call for the path asks the server). Undefined when there is none to take.
 */
export function takeFirstCall(path: string, token: string, now = performance.now()): Promise<Response> | undefined {
  const calls = globalThis.backroomFirstCalls;
  const answer = calls?.answers[path];
  if (!calls || !answer) return undefined;
  delete calls.answers[path];
  if (calls.token !== token || now > FIRST_CALLS_FRESH_MS) return undefined;
  return answer;
}
