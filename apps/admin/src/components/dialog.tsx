import { getDefaultZIndex, Modal, Text } from '@mantine/core';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { calendarTakingEscape } from './calendar';
import { ConfirmButtons } from './confirm-buttons';
import { escapeBelongsTo, UNSAVED_CHANGES_TEXT } from './unsaved-changes';

interface DialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: string;
  /** False when the caller puts the focus back itself (e.g. past a second dialog). */
  returnFocus?: boolean;
  /** The close button's name: 'Close' unless a screen's spec names it otherwise. */
  closeLabel?: string;
  /** False for a long form that opens at the top of the window. */
  centered?: boolean;
}

/** What a form inside a Dialog tells it, and how it closes it (useUnsavedChanges). */
interface UnsavedChangesGuard {
  setDirty: (dirty: boolean) => void;
  /** Runs `close` at once, or once the admin chose 'Discard' when the form holds unsaved input. */
  requestClose: (close: () => void) => void;
}

const GuardContext = createContext<UnsavedChangesGuard | null>(null);

/**
 * Every screen's centred dialog: a title, a close button named 'Close' and the body. The theme makes
 * its header a plain div (Mantine's <header> would be a second banner landmark beside the shell's).
 *
 * A form inside that holds unsaved input (useUnsavedChanges) is not dropped by Esc, the close
 * button, a click outside or Cancel: 'Discard changes?' asks first (docs/decisions/047-unsaved-dialogs.md).
 * Esc is the dialog's only when pressed in it: in a calendar or a list it opened, it closes that alone.
 */
export function Dialog({
  opened,
  title,
  onClose,
  children,
  size = 'md',
  returnFocus = true,
  closeLabel = 'Close',
  centered = true,
}: DialogProps) {
  const id = useId();
  const dirty = useRef(false);
  const pendingClose = useRef(onClose);
  const [asking, setAsking] = useState(false);
  // After 'Discard' the focus goes back to what opened the dialog, not into the form.
  const [discarded, setDiscarded] = useState(false);
  const latest = useRef({ onClose, asking });
  useLayoutEffect(() => {
    latest.current = { onClose, asking };
  });

  const guard = useMemo<UnsavedChangesGuard>(
    () => ({
      setDirty: (value) => {
        dirty.current = value;
      },
      requestClose: (close) => {
        if (latest.current.asking) return;
        if (!dirty.current) return close();
        pendingClose.current = close;
        setDiscarded(false);
        setAsking(true);
      },
    }),
    [],
  );

  // A dialog closed by its owner (saved, or gone from the URL) asks nothing when opened again.
  useEffect(() => {
    if (!opened) setAsking(false);
  }, [opened]);

  // Mantine's own Esc would close the dialog whatever had the focus (a calendar's blank space, say).
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      // An open calendar's Esc pressed before it had the focus is the calendar's, whichever of the two
      // listeners runs first (useOpenCalendarTakesEscape, components/calendar.ts): the dialog stays.
      if (calendarTakingEscape(document, event.target)) return;
      if (escapeBelongsTo(document.getElementById(id), event.target)) guard.requestClose(latest.current.onClose);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [opened, id, guard]);

  return (
    <>
      <Modal
        id={id}
        opened={opened}
        onClose={() => guard.requestClose(onClose)}
        closeOnEscape={false}
        title={title}
        centered={centered}
        size={size}
        returnFocus={returnFocus}
        closeButtonProps={{ 'aria-label': closeLabel }}
      >
        <GuardContext value={guard}>{children}</GuardContext>
      </Modal>
      <Modal
        opened={opened && asking}
        onClose={() => setAsking(false)}
        title={UNSAVED_CHANGES_TEXT.title}
        centered
        size="sm"
        withCloseButton={false}
        returnFocus={!discarded}
        zIndex={getDefaultZIndex('modal') + 1}
      >
        <Text>{UNSAVED_CHANGES_TEXT.body}</Text>
        <ConfirmButtons
          cancelLabel={UNSAVED_CHANGES_TEXT.keep}
          confirmLabel={UNSAVED_CHANGES_TEXT.discard}
          focus="cancel"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setDiscarded(true);
            setAsking(false);
            dirty.current = false;
            pendingClose.current();
          }}
        />
      </Modal>
    </>
  );
}

/**
 * For a form inside a Dialog: tells it whether the form holds input not saved yet (react-hook-form's
 * formState.isDirty, or changedFrom), and answers the form's Cancel, which then asks first too.
 * Saving closes the dialog through its owner's onClose, without asking.
 */
export function useUnsavedChanges(dirty: boolean, onCancel: () => void): () => void {
  const guard = useContext(GuardContext);
  useEffect(() => {
    guard?.setDirty(dirty);
  }, [guard, dirty]);
  useEffect(() => () => guard?.setDirty(false), [guard]);
  return guard ? () => guard.requestClose(onCancel) : onCancel;
}
