import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runBannerUntilHydrated } from '../../client/consent/early-banner';
import { CONSENT_BANNER_ID } from '../../shared/banner-ids';
import { ConsentBanner } from '../../shared/ConsentBanner';

const banner = () => document.getElementById(CONSENT_BANNER_ID)!;
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const space = () => document.documentElement.style.getPropertyValue('--consent-space');

describe('the banner before its island hydrates', () => {
  beforeEach(() => {
    document.documentElement.removeAttribute('style');
    document.body.innerHTML = renderToString(createElement(ConsentBanner));
    banner().hidden = false; // as the reveal script leaves it
    Object.defineProperty(banner(), 'offsetHeight', { configurable: true, value: 180 });
    Object.assign(window, { innerWidth: 375, innerHeight: 667 });
  });

  it('lays the banner out in the next frame and keeps room for it at the end of the page', async () => {
    const handOver = runBannerUntilHydrated(banner(), vi.fn());
    expect(space()).toBe(''); // nothing measured before the first paint
    await nextFrame();
    handOver();
    expect(document.documentElement.dataset.consentLayout).toBe('panel');
    expect(space()).toBe('180px');
  });

  it.each([
    ['Aceitar', 'allow'],
    ['Recusar', 'deny'],
  ])('%s closes it at once, gives the room back and reports %s', async (name, choice) => {
    const onChoose = vi.fn();
    runBannerUntilHydrated(banner(), onChoose);
    await nextFrame();
    button(name).click();
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(choice);
    expect(banner().hidden).toBe(true);
    expect(space()).toBe('');
  });

  it('answers a click even before its first frame', () => {
    const onChoose = vi.fn();
    runBannerUntilHydrated(banner(), onChoose);
    button('Recusar').click();
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('deny');
    expect(banner().hidden).toBe(true);
  });

  it('ignores clicks elsewhere in the banner', () => {
    const onChoose = vi.fn();
    runBannerUntilHydrated(banner(), onChoose);
    banner().querySelector('p')!.click();
    expect(onChoose).not.toHaveBeenCalled();
    expect(banner().hidden).toBe(false);
  });

  it('after the hand-over it no longer answers, and the layout stays for the island', async () => {
    const onChoose = vi.fn();
    const handOver = runBannerUntilHydrated(banner(), onChoose);
    await nextFrame();
    handOver();
    button('Aceitar').click();
    expect(onChoose).not.toHaveBeenCalled();
    expect(banner().hidden).toBe(false);
    expect(space()).toBe('180px');
  });
});
