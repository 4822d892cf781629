/**
 * The time every scheduling decision reads (which articles are out yet):
 * one place, so the tests can move it (vi.setSystemTime).
 */
export const currentTime = (): number => Date.now();
