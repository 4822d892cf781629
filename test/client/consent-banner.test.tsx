import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { CONSENT_ROOT_ID } from '#shared/banner-ids.ts';
import { type BannerChoice, ConsentBanner } from '#shared/ConsentBanner.tsx';
import { type BannerStore, createBannerStore } from '../../client/consent/banner-store';
import { runBannerUntilHydrated } from '../../client/consent/early-banner';
import { hydrateConsentBanner } from '../../client/islands/consent-banner';

// React only reports act() problems when told it runs in a test environment.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const banner = () => document.querySelector<HTMLElement>('.consent')!;
const title = () => document.getElementById('consent-title');
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
const space = () => document.querySelector<HTMLElement>('.site-footer')!.style.getPropertyValue('--consent-space');

describe('the banner markup (shared by the server and the island)', () => {
  it('is rendered closed on the server, with the texts of docs/product.md §9', () => {
    const html = renderToString(<ConsentBanner />);
    expect(html).toContain('hidden=""');
    expect(html).toContain('Cookies e Privacidade');
    expect(html).toContain('>Aceitar</button>');
    expect(html).toContain('>Recusar</button>');
    expect(html).toMatch(/<a href="\/politica-de-privacidade" lang="en">Cookies Policy<\/a>/);
    expect(html).toMatch(/role="dialog"[^>]*aria-labelledby="consent-title"/);
  });

  it('differs between open and closed by `hidden` alone, so the reveal script can open it', () => {
    expect(renderToString(<ConsentBanner open />)).toBe(renderToString(<ConsentBanner />).replace(' hidden=""', ''));
  });
});

describe('the banner island', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  let onChoose: Mock<(choice: BannerChoice) => void>;
  let store: BannerStore;

  beforeEach(() => {
    errors = vi.spyOn(console, 'error');
    document.documentElement.removeAttribute('style');
    document.body.innerHTML = `<button data-opener>Preferências de cookies</button><footer class="site-footer"></footer><div id="${CONSENT_ROOT_ID}">${renderToString(<ConsentBanner />)}</div>`;
    onChoose = vi.fn<(choice: BannerChoice) => void>();
    store = createBannerStore(onChoose);
  });
  afterEach(() => {
    expect(errors).not.toHaveBeenCalled(); // hydration mismatches and act() problems land here
    vi.restoreAllMocks();
  });

  it('reopened from the footer: hydrates, opens with focus, reports the choice and gives focus back', async () => {
    const opener = document.querySelector<HTMLElement>('[data-opener]')!;
    await act(async () => {
      store.reopen(opener);
      hydrateConsentBanner(store);
    });
    expect(banner().hidden).toBe(false);
    expect(document.activeElement).toBe(title());
    expect(document.documentElement.dataset.consentLayout).toBeDefined();

    await act(async () => button('Recusar').click());
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('deny');
    expect(banner().hidden).toBe(true);
    expect(space()).toBe('');
    expect(document.activeElement).toBe(opener);

    // Again: React is already there, and renders what the store says.
    await act(async () => {
      store.reopen(opener);
      hydrateConsentBanner(store);
    });
    expect(banner().hidden).toBe(false);
    expect(document.activeElement).toBe(title());
    await act(async () => button('Aceitar').click());
    expect(onChoose).toHaveBeenLastCalledWith('allow');
    expect(onChoose).toHaveBeenCalledTimes(2);
    expect(banner().hidden).toBe(true);
  });

  it('takes over a banner the reveal script opened and the plain JS laid out, without stealing focus', async () => {
    banner().hidden = false;
    store.reveal();
    runBannerUntilHydrated(banner(), store);
    await new Promise((resolve) => requestAnimationFrame(resolve)); // laid out
    expect(document.documentElement.dataset.consentLayout).toBeDefined();

    await act(async () => hydrateConsentBanner(store));
    expect(store.getState().renderer).toBe('react');
    expect(banner().hidden).toBe(false);
    expect(document.activeElement).not.toBe(title());

    // React answers now (the plain-JS buttons stopped at the hand-over: early-banner.test.ts).
    await act(async () => button('Recusar').click());
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('deny');
    expect(banner().hidden).toBe(true);
    expect(space()).toBe('');
  });

  it('asked twice while hydrating, it hydrates once and takes the focus the reader asked for', async () => {
    banner().hidden = false;
    store.reveal();
    await act(async () => {
      hydrateConsentBanner(store);
      store.reopen();
      hydrateConsentBanner(store);
    });
    expect(banner().hidden).toBe(false);
    expect(document.activeElement).toBe(title());
  });

  it('hydrates a banner answered early as closed, ready for a reopen', async () => {
    store.reveal();
    runBannerUntilHydrated(banner(), store);
    button('Aceitar').click();
    await act(async () => hydrateConsentBanner(store));
    expect(banner().hidden).toBe(true);
    await act(async () => store.reopen());
    expect(banner().hidden).toBe(false);
  });
});
