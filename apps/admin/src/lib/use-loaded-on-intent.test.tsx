// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLoadedOnIntent } from './use-loaded-on-intent';

afterEach(cleanup);

function Real() {
  return <button type="button">Real</button>;
}

/** The control: a stand-in pressed as StandInButton does, and the real control once its code has come. */
function Control({ load, loaded }: { load: () => Promise<ComponentType>; loaded: { current: ComponentType | null } }) {
  const control = useLoadedOnIntent(load, loaded);
  const Loaded = control.Loaded;
  if (Loaded) return <Loaded />;
  return (
    <button
      type="button"
      ref={control.standIn}
      {...control.intent}
      onPointerDown={() => {
        control.press();
        control.want();
      }}
    >
      Stand-in
    </button>
  );
}

/** A stand-in and the real control's code, which arrives when the test says. */
function drawn() {
  let arrive: (component: ComponentType) => void = () => {};
  const code = new Promise<ComponentType>((resolve) => {
    arrive = resolve;
  });
  render(<Control load={() => code} loaded={{ current: null }} />);
  return { standIn: screen.getByRole('button', { name: 'Stand-in' }), arrive };
}

/** Lets the code's promise settle and React commit. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('a control loaded on intent', () => {
  it('replaces its stand-in as soon as its code arrives when nothing presses it', async () => {
    const { standIn, arrive } = drawn();
    fireEvent.pointerEnter(standIn);
    arrive(Real);
    await settle();
    expect(screen.getByRole('button', { name: 'Real' })).toBeTruthy();
  });

  // The code arriving between a press and its release would put the release on another element.
  it('holds the real control back while the stand-in is pressed, and draws it after the release', async () => {
    const { standIn, arrive } = drawn();
    fireEvent.pointerDown(standIn, { button: 0 });
    arrive(Real);
    await settle();
    expect(screen.queryByRole('button', { name: 'Real' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stand-in' })).toBe(standIn);

    fireEvent.pointerUp(window);
    await settle();
    expect(screen.queryByRole('button', { name: 'Stand-in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Real' })).toBeTruthy();
  });

  // Its promise settled and the real control asked for, but not yet drawn when the press comes.
  it('holds back a real control whose code came just before the press, until the release', async () => {
    const { standIn, arrive } = drawn();
    fireEvent.pointerEnter(standIn);
    arrive(Real);
    // The code's promise settles (its arrival asked of React) with no render in between.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    fireEvent.pointerDown(standIn, { button: 0 });
    expect(screen.getByRole('button', { name: 'Stand-in' })).toBe(standIn);
    await settle();
    expect(screen.queryByRole('button', { name: 'Real' })).toBeNull();

    fireEvent.pointerUp(window);
    await settle();
    expect(screen.queryByRole('button', { name: 'Stand-in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Real' })).toBeTruthy();
  });
});
