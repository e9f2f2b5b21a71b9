import { type ComponentType, useEffect, useState } from 'react';

/**
 * A component whose code is fetched the first time `wanted` is true (a dialog or panel first opened)
 * and kept from then on, so it stays mounted and closes as before. Until then nothing of it is
 * loaded, evaluated or drawn: the top bar's palette and dialogs are not on the first screen
 * (docs/decisions/058-lighthouse-on-a-phone.md). Loaded by hand rather than with lazy() and
 * Suspense, whose retry waits on a timer (as the toast host, app/providers.tsx). Code that does not
 * arrive is logged, and the component stays away rather than take the screen down.
 */
export function useLoadedWhen<P>(wanted: boolean, load: () => Promise<ComponentType<P>>): ComponentType<P> | null {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
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
  return Loaded;
}
