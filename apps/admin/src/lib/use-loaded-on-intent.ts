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

  useEffect(() => {
    if (!wanted || Loaded) return;
    let current = true;
    load().then(
      (component) => {
        loaded.current = component;
        if (!current) return;
        focusOnArrival.current = standIn.current !== null && document.activeElement === standIn.current;
        setLoaded(() => component);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [wanted, Loaded, load, loaded]);

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
    ready,
    intent,
    standIn: standIn as RefObject<HTMLButtonElement>,
    realButton: realButton as RefObject<HTMLButtonElement>,
  };
}
