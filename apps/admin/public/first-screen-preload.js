/*
 * Runs as index.html is read: asks for the first screen's chunks beside the entry, rather than
 * after the entry has arrived and run, so the first screen does not wait for two fetches in turn
 * (docs/decisions/058-lighthouse-on-a-phone.md). With a stored session token, off /login: the
 * shell's (and on / the Dashboard's); otherwise the login screen's, where every screen sends an
 * admin without a token. Signed in, it also makes the first screen's GET calls (the shell's, and
 * on / the Dashboard's) as the app would, and leaves their answers, unread, in
 * window.backroomFirstCalls for the app's first call to each path to take
 * (src/lib/first-calls.ts). The build writes this file inline into index.html's head
 * (first-screen-preload.ts) with the chunks' addresses in the tag's data-login, data-shell and
 * data-dashboard attributes and the calls' paths in data-shell-calls and data-dashboard-calls,
 * and the Content-Security-Policy allows it by its hash (FIRST_SCREEN_PRELOAD_SCRIPT_CSP in the
 * contract): any change here changes that hash. The key is STORAGE_KEYS.token and the header
 * TOKEN_HEADER (first-screen-preload-script.test.ts keeps them in step). Without the attributes
 * (the dev server) it asks for nothing.
 */
(() => {
  const script = document.currentScript;
  if (!script) return;
  let token = null;
  try {
    token = window.localStorage.getItem('token');
  } catch {
    // Storage refused: signed out.
  }
  const preload = (attribute) => {
    for (const href of (script.getAttribute(attribute) || '').split(' ')) {
      if (!href) continue;
      const link = document.createElement('link');
      if (href.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
      }
      // As Vite's own preloads and index.html's tags ask, so the browser reuses the answers.
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  };
  const path = window.location.pathname;
  if (!token || path === '/login') {
    preload('data-login');
    return;
  }
  const answers = {};
  const call = (attribute) => {
    for (const api of (script.getAttribute(attribute) || '').split(' ')) {
      if (!api) continue;
      answers[api] = fetch(api, { headers: { accept: 'application/json', token }, credentials: 'include' });
      // Unread until the app takes it, which then sees the failure and asks again.
      answers[api].catch(() => {});
    }
  };
  preload('data-shell');
  if (path === '/') preload('data-dashboard');
  call('data-shell-calls');
  if (path === '/') call('data-dashboard-calls');
  window.backroomFirstCalls = { token, answers };
})();
