import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { CONSENT_BANNER_ID, CONSENT_ROOT_ID } from '#shared/banner-ids.ts';
import { type BannerChoice, ConsentBanner } from '#shared/ConsentBanner.tsx';
import { type BannerStore, createBannerStore } from '../../client/consent/banner-store';
import { runBannerUntilHydrated } from '../../client/consent/early-banner';

const banner = () => document.getElementById(CONSENT_BANNER_ID)!;
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const space = () => document.querySelector<HTMLElement>('.site-footer')!.style.getPropertyValue('--consent-space');

describe('the banner before its island hydrates', () => {
  let onChoose: Mock<(choice: BannerChoice) => void>;
  let store: BannerStore;

  beforeEach(() => {
    document.documentElement.removeAttribute('style');
    document.body.innerHTML = `<footer class="site-footer"></footer><div id="${CONSENT_ROOT_ID}">${renderToString(createElement(ConsentBanner))}</div>`;
    banner().hidden = false; // as the reveal script leaves it
    Object.defineProperty(banner(), 'offsetHeight', { configurable: true, value: 180 });
    Object.assign(window, { innerWidth: 375, innerHeight: 667 });
    onChoose = vi.fn<(choice: BannerChoice) => void>();
    store = createBannerStore(onChoose);
    store.reveal();
  });

  it('lays the banner out in the next frame and keeps room for it at the end of the page', async () => {
    runBannerUntilHydrated(banner(), store);
    expect(space()).toBe(''); // nothing measured before the first paint
    await nextFrame();
    expect(document.documentElement.dataset.consentLayout).toBe('panel');
    expect(space()).toBe('180px');
  });

  it('opens the markup if the reveal script could not', () => {
    banner().hidden = true;
    runBannerUntilHydrated(banner(), store);
    expect(banner().hidden).toBe(false);
  });

  it.each([
    ['Aceitar', 'allow'],
    ['Recusar', 'deny'],
  ])('%s closes it at once, gives the room back and reports %s', async (name, choice) => {
    runBannerUntilHydrated(banner(), store);
    await nextFrame();
    button(name).click();
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(choice);
    expect(store.getState().open).toBe(false);
    expect(banner().hidden).toBe(true);
    expect(space()).toBe('');
  });

  it('answers a click even before its first frame, and measures nothing after it', async () => {
    runBannerUntilHydrated(banner(), store);
    button('Recusar').click();
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('deny');
    expect(banner().hidden).toBe(true);
    await nextFrame();
    expect(space()).toBe('');
  });

  it('ignores clicks elsewhere in the banner', () => {
    runBannerUntilHydrated(banner(), store);
    banner().querySelector('p')!.click();
    expect(onChoose).not.toHaveBeenCalled();
    expect(banner().hidden).toBe(false);
  });

  it('stops for good after a choice: a reopened banner is left to React', () => {
    runBannerUntilHydrated(banner(), store);
    button('Aceitar').click();
    store.reopen();
    expect(banner().hidden).toBe(true);
    banner().hidden = false;
    button('Recusar').click();
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('allow');
  });

  it('once React takes over it no longer answers, and the layout stays for the island', async () => {
    runBannerUntilHydrated(banner(), store);
    await nextFrame();
    store.handToReact();
    button('Aceitar').click();
    expect(onChoose).not.toHaveBeenCalled();
    expect(banner().hidden).toBe(false);
    expect(space()).toBe('180px');
  });

  it('does nothing for a banner the store has closed', () => {
    const closed = createBannerStore(onChoose);
    banner().hidden = true;
    runBannerUntilHydrated(banner(), closed);
    expect(banner().hidden).toBe(true);
    banner().hidden = false;
    button('Aceitar').click();
    expect(onChoose).not.toHaveBeenCalled();
  });
});
