import { type ComponentType, useEffect, useState } from 'react';

/**
 * A component whose code is fetched the first time `wanted` is true (a dialog or panel first opened)
 * and kept from then on, so it stays mounted and closes as before. Until then nothing of it is
 * loaded, evaluated or drawn: the top bar's palette and dialogs are not on the first screen
 * (docs/decisions/058-lighthouse-on-a-phone.md). Loaded by hand rather than with lazy() and
 * Suspense, whose retry waits on a timer (as the toast host, app/providers.tsx). Code that does not
 * arrive is logged, and the component stays away rather than take the screen down.
 *
 * `ready` turns true in the render after the component's first: a dialog is drawn closed once, then
 * opened (`opened={open && ready}`), because Mantine's modals note what had the focus, to give it
 * back on closing, when they change to open, not when they are mounted open.
 */
export function useLoadedWhen<P>(
  wanted: boolean,
  load: () => Promise<ComponentType<P>>,
): [component: ComponentType<P> | null, ready: boolean] {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || Loaded) return;
    let current = true;
    load().then(
      (component) => {
        if (current) setLoaded(() => component);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [wanted, Loaded, load]);
  useEffect(() => {
    if (Loaded && !ready) setReady(true);
  }, [Loaded, ready]);
  return [Loaded, ready];
}
