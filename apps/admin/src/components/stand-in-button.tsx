import { ActionIcon } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import type { IntentProps } from '../lib/use-loaded-on-intent';

export interface StandInButtonProps {
  /** What `useLoadedOnIntent` gives: the stand-in's ref, its intent handlers, and `want`. */
  control: { standIn: RefObject<HTMLButtonElement>; intent: IntentProps; want: () => void };
  /** The real control's button's name and popup kind, so nothing is named otherwise when it arrives. */
  label: string;
  popup: 'menu' | 'dialog';
  /** The click's own effect (the caller's open state), honoured once the real control is drawn. */
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
      onClick={() => {
        control.want();
        onOpen();
      }}
    >
      {children}
    </ActionIcon>
  );
}
