import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_BANNER_ID, CONSENT_ROOT_ID } from '#shared/banner-ids.ts';
import { ConsentBanner } from '#shared/ConsentBanner.tsx';
import { CONSENT_COOKIE, SITE_DOMAIN_ATTRIBUTE } from '#shared/consent-cookie.ts';
import { BANNER_SCRIPT } from '#shared/inline-scripts.ts';
import { AD_SCRIPT_ID } from '../../client/ads';
import type { BannerStore } from '../../client/consent/banner-store';

// The island stands in for React here (test/client/consent-banner.test.tsx
// hydrates the real one): what matters is what the bootstrap hands it.
const hydrateConsentBanner = vi.hoisted(() => vi.fn<(store: BannerStore) => void>());
vi.mock('../../client/islands/consent-banner', () => ({ hydrateConsentBanner }));

const banner = () => document.getElementById(CONSENT_BANNER_ID)!;
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
const opener = () => document.querySelector<HTMLElement>('[data-consent-open]')!;
const storedChoice = () => new RegExp(`(?:^|; )${CONSENT_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
const adScript = () => document.getElementById(AD_SCRIPT_ID);
const consentFlag = () => document.documentElement.dataset.consent;
/** The store the bootstrap handed to the island, the one React would render from. */
const handedStore = () => hydrateConsentBanner.mock.calls[0]![0];

/** Settles the bootstrap's "painted and idle" wait (two frames, then idle) and the island's import. */
async function afterPaintAndIdle(): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await vi.dynamicImportSettled();
}

/** A page as the server sends it, parsed up to the bootstrap: the reveal script has run. */
function servePage(cookie?: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: setting up the cookie jar the page starts with
  document.cookie = cookie ? `${CONSENT_COOKIE}=${cookie}; Path=/` : `${CONSENT_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  document.head.innerHTML = '';
  document.body.dataset.adsClient = 'ca-pub-0000000000000000';
  document.body.dataset.adsScript = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';
  document.body.setAttribute(SITE_DOMAIN_ATTRIBUTE, 'localhost');
  document.body.innerHTML = `
    <main><aside class="ad-slot" hidden><ins class="adsbygoogle"></ins></aside></main>
    <footer><button type="button" data-consent-open>Preferências de cookies</button></footer>
    <div id="${CONSENT_ROOT_ID}">${renderToString(<ConsentBanner />)}</div>`;
  new Function(BANNER_SCRIPT)();
}

/** Runs the bootstrap, as the module script at the end of the page does. */
async function boot(): Promise<void> {
  vi.resetModules(); // a fresh bootstrap for every page
  await import('../../client/boot');
}

async function loadPage(cookie?: string): Promise<void> {
  servePage(cookie);
  await boot();
}

beforeEach(() => {
  hydrateConsentBanner.mockReset();
  delete document.documentElement.dataset.consent;
  delete document.documentElement.dataset.adsLoaded;
  window.adsbygoogle = undefined;
});
// Let every page's idle work finish inside its own test.
afterEach(afterPaintAndIdle);

describe('the bootstrap', () => {
  it('applies a stored allow: ads on, banner closed, no React', async () => {
    await loadPage('allow');
    expect(consentFlag()).toBe('true');
    expect(adScript()).not.toBeNull();
    expect(banner().hidden).toBe(true);
    await afterPaintAndIdle();
    expect(hydrateConsentBanner).not.toHaveBeenCalled();
  });

  it('applies a stored deny: ads off, banner closed', async () => {
    await loadPage('deny');
    expect(consentFlag()).toBe('false');
    expect(adScript()).toBeNull();
    expect(banner().hidden).toBe(true);
  });

  it('closes a banner revealed before the reader answered on another page (a prerendered page)', async () => {
    servePage();
    expect(banner().hidden).toBe(false);
    // biome-ignore lint/suspicious/noDocumentCookie: the answer arrives after the reveal script ran
    document.cookie = `${CONSENT_COOKIE}=deny; Path=/`;
    await boot();
    expect(banner().hidden).toBe(true);
    expect(consentFlag()).toBe('false');
  });

  it.each([
    ['Aceitar', 'allow', 'true'],
    ['Recusar', 'deny', 'false'],
  ])('%s clicked before the bootstrap arrived: applied when it comes, once, with no React', async (name, choice, flag) => {
    servePage();
    button(name).click(); // answered by the inline banner script alone
    expect(banner().hidden).toBe(true);
    expect(storedChoice()).toBe(choice);
    expect(consentFlag()).toBeUndefined();
    await boot();
    expect(consentFlag()).toBe(flag);
    expect(document.querySelectorAll(`#${AD_SCRIPT_ID}`)).toHaveLength(choice === 'allow' ? 1 : 0);
    expect(window.adsbygoogle ?? []).toHaveLength(choice === 'allow' ? 1 : 0);
    expect(banner().hidden).toBe(true);
    await afterPaintAndIdle();
    expect(hydrateConsentBanner).not.toHaveBeenCalled();
  });

  it('takes the buttons over from the inline banner script when it arrives', async () => {
    await loadPage();
    expect(banner().onclick).toBeNull();
    button('Recusar').click();
    expect(storedChoice()).toBe('deny');
    expect(consentFlag()).toBe('false');
  });

  it('first visit: keeps the revealed banner open and answers its buttons before React', async () => {
    await loadPage();
    expect(banner().hidden).toBe(false);
    expect(consentFlag()).toBeUndefined();

    button('Aceitar').click();
    expect(banner().hidden).toBe(true);
    expect(storedChoice()).toBe('allow');
    expect(consentFlag()).toBe('true');
    expect(adScript()).not.toBeNull();
    // Answered before the page was idle: React is never needed.
    await afterPaintAndIdle();
    expect(hydrateConsentBanner).not.toHaveBeenCalled();
  });

  it('first visit, unanswered: no React while the reader does not reach for the banner', async () => {
    await loadPage();
    await afterPaintAndIdle();
    await vi.dynamicImportSettled();
    expect(hydrateConsentBanner).not.toHaveBeenCalled();
    document.body.dispatchEvent(new MouseEvent('pointerover', { bubbles: true })); // elsewhere on the page
    await vi.dynamicImportSettled();
    expect(hydrateConsentBanner).not.toHaveBeenCalled();
    // One document serves every test: answer, so this page's bootstrap wants no island later.
    button('Recusar').click();
  });

  it.each([
    ['a pointer over it', () => banner().dispatchEvent(new MouseEvent('pointerover', { bubbles: true }))],
    ['a press on it', () => banner().dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }))],
    ['focus inside it', () => button('Recusar').focus()],
    ['a key pressed anywhere', () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))],
  ])('first visit, unanswered: hands the open banner to the island at %s, once', async (_, reach) => {
    await loadPage();
    reach();
    reach();
    await vi.dynamicImportSettled();
    expect(hydrateConsentBanner).toHaveBeenCalledOnce();
    expect(handedStore().getState()).toMatchObject({ open: true, focus: false });

    // The island answers through the same store: the choice is stored and applied.
    handedStore().handToReact();
    handedStore().choose('deny');
    expect(storedChoice()).toBe('deny');
    expect(consentFlag()).toBe('false');
  });

  it('the footer link reopens the banner with focus, and focus comes back after the choice', async () => {
    await loadPage('allow');
    opener().click();
    await vi.dynamicImportSettled();
    expect(hydrateConsentBanner).toHaveBeenCalledOnce();
    expect(handedStore().getState()).toMatchObject({ open: true, focus: true });

    handedStore().choose('deny');
    expect(storedChoice()).toBe('deny');
    expect(consentFlag()).toBe('false');
    expect(adScript()).toBeNull();
    expect(document.activeElement).toBe(opener());

    // Reopened again: the same store goes to the island, which renders it.
    opener().click();
    await vi.dynamicImportSettled();
    expect(hydrateConsentBanner).toHaveBeenCalledTimes(2);
    expect(hydrateConsentBanner.mock.calls[1]![0]).toBe(handedStore());
    expect(handedStore().getState().open).toBe(true);
  });
});
