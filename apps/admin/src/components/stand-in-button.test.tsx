// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, type RefObject } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StandInButton } from './stand-in-button';

afterEach(cleanup);

function drawn() {
  const want = vi.fn();
  const press = vi.fn();
  const onOpen = vi.fn();
  const intent = { onPointerEnter: want, onFocus: want, onTouchStart: want, onKeyDown: want };
  render(
    <MantineProvider>
      <StandInButton
        control={{ standIn: createRef() as RefObject<HTMLButtonElement>, intent, want, press }}
        label="Account"
        popup="menu"
        onOpen={onOpen}
      >
        <span />
      </StandInButton>
    </MantineProvider>,
  );
  return { button: screen.getByRole('button', { name: 'Account' }), want, press, onOpen };
}

describe('a stand-in button', () => {
  // The real control can replace the stand-in between the press and the release (its code arrives
  // then): the release lands on another element and no click follows, so the press must open it.
  it('opens at the primary press, with no click after it, and not again at the click that follows', () => {
    const { button, want, press, onOpen } = drawn();
    fireEvent.pointerDown(button, { button: 0 });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(want).toHaveBeenCalled();
    expect(press).toHaveBeenCalledTimes(1);
    fireEvent.click(button, { detail: 1 });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('opens at a click without a press (Enter, Space, a script), not at a secondary press', () => {
    const { button, press, onOpen } = drawn();
    fireEvent.pointerDown(button, { button: 2 });
    expect(onOpen).not.toHaveBeenCalled();
    expect(press).not.toHaveBeenCalled();
    fireEvent.click(button, { detail: 0 });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
