import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenActivated } from '../../client/activation';

afterEach(() => {
  delete document.prerendering;
});

describe('whenActivated', () => {
  it('runs at once on a page the reader opened', () => {
    const task = vi.fn();
    whenActivated(task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits until a prerendered page is shown, then runs once', () => {
    const task = vi.fn();
    document.prerendering = true;
    whenActivated(task);
    expect(task).not.toHaveBeenCalled();
    document.prerendering = false;
    document.dispatchEvent(new Event('prerenderingchange'));
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(task).toHaveBeenCalledTimes(1);
  });
});
