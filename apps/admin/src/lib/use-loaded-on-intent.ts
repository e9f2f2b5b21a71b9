import { type ComponentType, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What a stand-in button spreads on itself: the first sign that a person is about to use it. */
export interface IntentProps {
  onPointerEnter: () => void;
  onFocus: () => void;
  onTouchStart: () => void;
  onKeyDown: () => void;
}

/**
 * A control drawn as a light stand-in (its button alone) until a person shows intent to use it
 * (a pointer on it, the focus, a touch, a key), then replaced by the real one, whose code (Mantine's
 * Menu or Popover, floating-ui, focus traps) is fetched and evaluated only then: a page nobody
 * touches, such as a phone's first screen, never pays for them
 * (docs/decisions/058-lighthouse-on-a-phone.md). A press on the stand-in (or a click without one, from
 * the keyboard) before the code arrives is kept by the caller (its open state) and honoured when the
 * real control is drawn (components/stand-in-button.tsx says why the press, not the click).
 *
 * A press on the stand-in holds the real control back until its release (`press`).
 *
 * The stand-in's button and the real one are different elements: if the stand-in had the focus when
 * the real one replaces it, `realButton` gets it. `ready` turns true in the render after the real
 * control's first, so a popup is drawn closed once and then opened (`opened={open && ready}`), as
 * `useLoadedWhen` does for the dialogs. Once loaded, every later mount has it at once.
 */
export function useLoadedOnIntent<P>(
  load: () => Promise<ComponentType<P>>,
  loaded: { current: ComponentType<P> | null },
) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded.current);
  const [ready, setReady] = useState(Loaded !== null);
  const [wanted, setWanted] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const realButton = useRef<HTMLButtonElement>(null);
  const focusOnArrival = useRef(false);
  /** A press on the stand-in not yet released, and the real control held back until it is. */
  const pressing = useRef(false);
  const held = useRef<ComponentType<P> | null>(null);

  const arrive = useCallback((component: ComponentType<P>) => {
    focusOnArrival.current = standIn.current !== null && document.activeElement === standIn.current;
    setLoaded(() => component);
  }, []);

  useEffect(() => {
    if (!wanted || Loaded) return;
    let current = true;
    load().then(
      (component) => {
        loaded.current = component;
        if (!current) return;
        // Not under a pressed pointer: the release would land on another element (press()).
        if (pressing.current) held.current = component;
        else arrive(component);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [wanted, Loaded, load, loaded, arrive]);

  /**
   * A press on the stand-in: the real control does not replace it until the pointer is released
   * (or the press cancelled), and then only after the release's click has gone to the stand-in.
   * Replaced in between, the release would land on the real button: no click at all for a person
   * (a press and a release on two elements make none), and for a test driver a click to retry on
   * the real button, which closed what the press had opened.
   */
  const press = useCallback(() => {
    if (pressing.current) return;
    pressing.current = true;
    // The code may have come a moment before this press, its control not yet drawn (the stand-in
    // still takes the press): that arrival waits for the release too.
    if (loaded.current) {
      held.current = loaded.current;
      setLoaded(null);
    }
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      pressing.current = false;
      const component = held.current;
      held.current = null;
      // A task later: the release's mouseup and click are dispatched after its pointerup, in this one.
      if (component) setTimeout(() => arrive(component), 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  }, [arrive, loaded]);

  // The real control is committed (its button's ref set) before this runs: give it the focus the
  // stand-in had, before the browser paints.
  useLayoutEffect(() => {
    if (Loaded && focusOnArrival.current) {
      focusOnArrival.current = false;
      realButton.current?.focus();
    }
  }, [Loaded]);

  useEffect(() => {
    if (Loaded && !ready) setReady(true);
  }, [Loaded, ready]);

  const want = useCallback(() => setWanted(true), []);
  const intent: IntentProps = { onPointerEnter: want, onFocus: want, onTouchStart: want, onKeyDown: want };
  return {
    Loaded,
    /** The intent by hand (a click that came with none of the events above, as a script's). */
    want,
    press,
    ready,
    intent,
    standIn: standIn as RefObject<HTMLButtonElement>,
    realButton: realButton as RefObject<HTMLButtonElement>,
  };
}
