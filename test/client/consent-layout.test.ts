import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELAYOUT_DELAY_MS, watchBannerLayout } from '../../client/consent/layout';

function resizeTo(width: number, height: number): void {
  Object.assign(window, { innerWidth: width, innerHeight: height });
  window.dispatchEvent(new Event('resize'));
}

const layout = () => document.documentElement.dataset.consentLayout;
// The banner's container and the footer hold the properties (client/consent/layout.ts).
const maxHeight = () => document.getElementById('consent-root')!.style.getPropertyValue('--consent-max-height');
const space = () => document.querySelector<HTMLElement>('.site-footer')!.style.getPropertyValue('--consent-space');

describe('banner layout (docs/product.md §9)', () => {
  let banner: HTMLElement;

  beforeEach(() => {
    vi.useFakeTimers();
    document.documentElement.removeAttribute('style');
    document.documentElement.removeAttribute('data-consent-layout');
    document.body.innerHTML = '<footer class="site-footer"></footer><div id="consent-root"><section class="consent"></section></div>';
    banner = document.querySelector('section')!;
    Object.defineProperty(banner, 'offsetHeight', { configurable: true, value: 200 });
    Object.assign(window, { innerWidth: 1280, innerHeight: 800 });
  });
  // Every watcher follows the window's resizes: stop them all so one test's watcher never answers another's resize.
  const watchers: (() => void)[] = [];
  const watch = (element: HTMLElement) => {
    const stop = watchBannerLayout(element);
    watchers.push(stop);
    return stop;
  };
  afterEach(() => {
    for (const stop of watchers.splice(0)) stop();
    vi.useRealTimers();
  });

  it('is a floating box from 768 px and a panel below, at most 80% of the height', () => {
    const wide = watch(banner);
    expect(layout()).toBe('floating');
    expect(maxHeight()).toBe('640px');
    wide();
    // The breakpoint itself is still the floating box.
    Object.assign(window, { innerWidth: 768, innerHeight: 1000 });
    const edge = watch(banner);
    expect(layout()).toBe('floating');
    expect(maxHeight()).toBe('800px');
    edge();
    Object.assign(window, { innerWidth: 767, innerHeight: 667 });
    watch(banner);
    expect(layout()).toBe('panel');
    expect(maxHeight()).toBe('533px');
  });

  it('re-lays out 100 ms after the last resize, not before', () => {
    watch(banner);
    resizeTo(375, 667);
    vi.advanceTimersByTime(60);
    resizeTo(400, 700);
    vi.advanceTimersByTime(99);
    expect(layout()).toBe('floating');
    vi.advanceTimersByTime(1);
    expect(layout()).toBe('panel');
    expect(maxHeight()).toBe('560px');
  });

  it('reserves the banner height at the end of the page while open, and gives it back', () => {
    Object.assign(window, { innerWidth: 375, innerHeight: 667 });
    const stop = watch(banner);
    expect(space()).toBe('200px');
    stop();
    expect(space()).toBe('');
    resizeTo(1280, 800);
    vi.advanceTimersByTime(200);
    expect(layout()).toBe('panel');
  });

  it('writes no property on <html>, which every element would inherit and restyle for', () => {
    Object.assign(window, { innerWidth: 375, innerHeight: 667 });
    watch(banner);
    resizeTo(1280, 800);
    vi.advanceTimersByTime(RELAYOUT_DELAY_MS);
    expect(document.documentElement.getAttribute('style') ?? '').toBe('');
    expect(maxHeight()).toBe('640px');
    expect(space()).toBe('232px');
  });
});
