import { API_PATHS, DEFAULT_OPTIONS, EVENTS, MESSAGES, type OptionsUpdatedEvent } from '@backroom/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, socketApp } from '../helpers/admin-socket';
import type { TestApp } from '../helpers/app';

let t: TestApp;
let token: string;
let socket: Socket;
beforeAll(async () => {
  ({ t, token, socket } = await socketApp());
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

const get = () => t.app.inject({ method: 'GET', url: API_PATHS.options, headers: { token } });
const put = (payload: object) => t.app.inject({ method: 'PUT', url: API_PATHS.options, headers: { token }, payload });

describe('the variant option sets', () => {
  it("start as the spec's defaults", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, options: DEFAULT_OPTIONS });
  });

  it('are saved whole, in order, trimmed, blank values dropped, and every admin is told', async () => {
    const told = nextEvent<OptionsUpdatedEvent>(socket, EVENTS.optionsUpdated);
    const res = await put({
      options: [
        { name: 'Materials ', values: ['wood', ' ', 'metal ', 'wood'] },
        { name: 'Colors', values: ['teal', 'red'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = [
      { name: 'Materials', values: ['wood', 'metal'] },
      { name: 'Colors', values: ['teal', 'red'] },
    ];
    expect(res.json()).toEqual({ success: true, message: MESSAGES.optionsSaved, options: saved });
    expect((await get()).json().options).toEqual(saved);
    expect((await told).options).toEqual(saved);
  });

  it('refuses an empty name, a repeated name and malformed input, keeping what was there', async () => {
    await put({ options: DEFAULT_OPTIONS });
    const cases: [object, string][] = [
      [{ options: [{ name: '', values: [] }] }, 'options.0.name: is required'],
      [{ options: [{ name: 'Sizes' }, { name: 'SIZES' }] }, 'options.1.name: is used by another option set'],
      [
        { options: [{ name: 'Sizes', values: [1, 2] }] },
        'options.0.values.0: Invalid input: expected string, received number',
      ],
      [{ options: {} }, 'options: must be a list of option sets'],
      [{}, 'options: must be a list of option sets'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect((await get()).json().options).toEqual(DEFAULT_OPTIONS);
  });

  it('may be emptied', async () => {
    expect((await put({ options: [] })).statusCode).toBe(200);
    expect((await get()).json().options).toEqual([]);
    await put({ options: DEFAULT_OPTIONS });
  });
});
