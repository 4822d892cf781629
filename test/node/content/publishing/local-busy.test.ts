import { describe, expect, it } from 'vitest';
import { whileBusy } from '../../../../scripts/lib/local-bindings.ts';

/** A call that fails with `error` the first `failures` times, then answers. */
function failing(failures: number, error: Error) {
  let calls = 0;
  const call = async () => {
    calls++;
    if (calls <= failures) throw error;
    return 'done';
  };
  return { call, calls: () => calls };
}

describe('whileBusy: a local call that meets another process writing the same store', () => {
  it.each([
    ['KV', 'KV PUT failed: 500 Internal Server Error'],
    ['KV read', 'KV GET failed: 500 Internal Server Error'],
    ['D1', 'D1_ERROR: SQLITE_BUSY: database is locked'],
  ])('is tried again until it passes (%s)', async (_, message) => {
    const { call, calls } = failing(3, new Error(message));
    await expect(whileBusy(call)).resolves.toBe('done');
    expect(calls()).toBe(4);
  });

  it('any other failure is thrown at once, not tried again', async () => {
    const { call, calls } = failing(1, new Error('KV GET failed: 404 Not Found'));
    await expect(whileBusy(call)).rejects.toThrow('404');
    expect(calls()).toBe(1);
  });
});
