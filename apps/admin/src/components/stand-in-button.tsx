import { ActionIcon } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import type { IntentProps } from '../lib/use-loaded-on-intent';

export interface StandInButtonProps {
  /** What `useLoadedOnIntent` gives: the stand-in's ref, its intent handlers, and `want`. */
  control: { standIn: RefObject<HTMLButtonElement>; intent: IntentProps; want: () => void; press: () => void };
  /** The real control's button's name and popup kind, so nothing is named otherwise when it arrives. */
  label: string;
  popup: 'menu' | 'dialog';
  /** The press's or click's own effect (the caller's open state), honoured once the real control is drawn. */
  onOpen: () => void;
  /** The icon, as the real button draws it. */
  children: ReactNode;
}

/**
 * A top bar control's button drawn light until a person shows intent to use it
 * (lib/use-loaded-on-intent.ts, docs/decisions/058-lighthouse-on-a-phone.md): the real control's
 * closed button, the same element, classes and attributes, without its popup's code.
 */
export function StandInButton({ control, label, popup, onOpen, children }: StandInButtonProps) {
  return (
    <ActionIcon
      ref={control.standIn}
      {...control.intent}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      aria-haspopup={popup}
      aria-expanded={false}
      // Opened at the press, not at the click, and the real control held back until the release
      // (useLoadedOnIntent's press): the release and its click land on this button, and the real
      // control arrives open. A click without a press (Enter or Space, a script's click: detail 0)
      // opens it then.
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        control.press();
        control.want();
        onOpen();
      }}
      onClick={(event) => {
        if (event.detail !== 0) return;
        control.want();
        onOpen();
      }}
    >
      {children}
    </ActionIcon>
  );
}
