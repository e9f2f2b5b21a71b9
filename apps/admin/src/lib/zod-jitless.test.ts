import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('sets the config zod reads, so schemas built after it never test for eval', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
