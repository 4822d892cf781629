import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_LOADER_SCRIPT, BOOT_URL_ATTRIBUTE } from '#shared/inline-scripts.ts';

const BOOT_URL = '/static/boot-TESTE123.js';

/** The module script the loader added, if any. */
const requested = () => document.head.querySelector<HTMLScriptElement>('script[type="module"]');
const requestCount = () => document.head.querySelectorAll('script').length;

/** Lets a frame run, then the task queued after it. */
async function nextFrame(): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function setDocumentState(state: { visibility?: DocumentVisibilityState; prerendering?: boolean }): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state.visibility ?? 'visible' });
  Object.defineProperty(document, 'prerendering', { configurable: true, get: () => state.prerendering ?? false });
}

/**
 * A browser that reports largest paints: `report()` delivers an entry to the
 * observer the loader made, as Chromium does after a paint.
 */
function reportingBrowser() {
  const observers: (() => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly callback: () => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'largest-contentful-paint', buffered: true });
      observers.push(this.callback);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    report: () => {
      for (const callback of observers) callback();
    },
  };
}

/** A served page's body, then the loader as the parser runs it at its end. */
function servePage(bodyHtml = '<main><h1>Título</h1></main>'): void {
  document.head.innerHTML = '';
  document.body.innerHTML = bodyHtml;
  document.body.setAttribute(BOOT_URL_ATTRIBUTE, BOOT_URL);
  new Function(BOOT_LOADER_SCRIPT)();
}

/** An article: its main image still loading (or already in the cache) when the loader runs. */
function serveArticle(imageComplete: boolean): HTMLImageElement {
  const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete');
  Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => imageComplete });
  try {
    servePage('<article><img fetchpriority="high" src="/thumbnails/x-800w.webp" alt=""></article>');
  } finally {
    if (complete) Object.defineProperty(HTMLImageElement.prototype, 'complete', complete);
  }
  return document.querySelector('img')!;
}

beforeEach(() => setDocumentState({}));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the inline loader of the bootstrap, where largest paints are reported (Chromium, Firefox)', () => {
  it('asks for it when the first largest paint is reported, once, as a module, from the body’s attribute', async () => {
    const browser = reportingBrowser();
    servePage();
    await nextFrame();
    expect(requested()).toBeNull();
    browser.report();
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
    browser.report();
    expect(requestCount()).toBe(1);
  });

  it('on an article, ignores the paints before its main image has loaded', () => {
    vi.useFakeTimers();
    const browser = reportingBrowser();
    const image = serveArticle(false);
    browser.report(); // the title, painted first
    expect(requested()).toBeNull();
    image.dispatchEvent(new Event('load'));
    expect(requested()).toBeNull();
    browser.report(); // the image
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
  });

  it('asks 250 ms after the image has loaded when its paint is not the largest', () => {
    vi.useFakeTimers();
    reportingBrowser();
    const image = serveArticle(false);
    image.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(249);
    expect(requested()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
  });

  it('does not wait for a main image already in the cache', () => {
    const browser = reportingBrowser();
    serveArticle(true);
    browser.report();
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
  });
});

describe('the inline loader of the bootstrap, where they are not (older Safari)', () => {
  beforeEach(() => vi.stubGlobal('PerformanceObserver', undefined));

  it('asks for it after the first frame, once', async () => {
    servePage();
    expect(requested()).toBeNull();
    await nextFrame();
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
    await nextFrame();
    expect(requestCount()).toBe(1);
  });

  it('on an article, waits for its main image, then for a frame', async () => {
    const image = serveArticle(false);
    await nextFrame();
    expect(requested()).toBeNull();
    image.dispatchEvent(new Event('load'));
    expect(requested()).toBeNull();
    await nextFrame();
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
  });

  it('does not wait for a main image already in the cache', async () => {
    serveArticle(true);
    await nextFrame();
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
  });
});

describe('the inline loader of the bootstrap, anywhere', () => {
  it.each([
    ['prerendered', { prerendering: true }],
    ['in a background tab', { visibility: 'hidden' as const }],
  ])('asks at once for a page %s, where nothing is painted', (_, state) => {
    reportingBrowser();
    setDocumentState(state);
    servePage();
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
  });

  it('asks at once when the main image fails', () => {
    reportingBrowser();
    serveArticle(false).dispatchEvent(new Event('error'));
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
  });

  it('waits at most 3 s, whatever is reported or loaded', () => {
    vi.useFakeTimers();
    reportingBrowser();
    const image = serveArticle(false);
    vi.advanceTimersByTime(2999);
    expect(requested()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(requested()?.getAttribute('src')).toBe(BOOT_URL);
    // The image arriving later asks for nothing more.
    image.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(requestCount()).toBe(1);
  });
});
