import './lib/zod-jitless';
import './app/styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render is a transition: React then yields to the browser every few milliseconds instead
// of drawing the providers, the router and the first screen in one long task, which is what a
// phone's slow CPU counts as blocking time (docs/decisions/058-lighthouse-on-a-phone.md).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
