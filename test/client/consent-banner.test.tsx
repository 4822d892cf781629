import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSENT_ROOT_ID } from '../../shared/banner-ids';
import { ConsentBanner } from '../../shared/ConsentBanner';

// React only reports act() problems when told it runs in a test environment.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules(); // each test hydrates a fresh island
});

const banner = () => document.querySelector<HTMLElement>('.consent')!;
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;

describe('the banner island', () => {
  it('is rendered closed on the server, with the texts of docs/product.md §9', () => {
    const html = renderToString(<ConsentBanner />);
    expect(html).toContain('hidden=""');
    expect(html).toContain('Cookies e Privacidade');
    expect(html).toContain('>Aceitar</button>');
    expect(html).toContain('>Recusar</button>');
    expect(html).toMatch(/<a href="\/politica-de-privacidade" lang="en">Cookies Policy<\/a>/);
    expect(html).toMatch(/role="dialog"[^>]*aria-labelledby="consent-title"/);
  });

  it('hydrates the server markup without warnings, opens, and reports the choice', async () => {
    const errors = vi.spyOn(console, 'error');
    document.body.innerHTML = `<button data-opener>Preferências</button><div id="${CONSENT_ROOT_ID}">${renderToString(<ConsentBanner />)}</div>`;
    const { showConsentBanner } = await import('../../client/islands/consent-banner');
    const onChoose = vi.fn();

    await act(async () => showConsentBanner({ focus: false, onChoose }));
    expect(errors).not.toHaveBeenCalled();
    expect(banner().hidden).toBe(false);
    expect(document.documentElement.dataset.consentLayout).toBeDefined();
    // Opening on its own (first visit) does not steal the reader's focus.
    expect(document.activeElement).not.toBe(document.getElementById('consent-title'));

    await act(async () => button('Aceitar').click());
    expect(onChoose).toHaveBeenCalledWith('allow');
    expect(banner().hidden).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--consent-space')).toBe('');

    // Reopened by the reader: it opens again, focused, and reports the new choice.
    const onChooseAgain = vi.fn();
    await act(async () => showConsentBanner({ focus: true, onChoose: onChooseAgain }));
    expect(banner().hidden).toBe(false);
    expect(document.activeElement).toBe(document.getElementById('consent-title'));
    await act(async () => button('Recusar').click());
    expect(onChooseAgain).toHaveBeenCalledWith('deny');
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(banner().hidden).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it('hydrates a banner the reveal script opened and the bootstrap laid out, without warnings', async () => {
    const errors = vi.spyOn(console, 'error');
    document.body.innerHTML = `<div id="${CONSENT_ROOT_ID}">${renderToString(<ConsentBanner />)}</div>`;
    banner().hidden = false;
    const { runBannerUntilHydrated } = await import('../../client/consent/early-banner');
    const handOver = runBannerUntilHydrated(banner(), vi.fn());
    await new Promise((resolve) => requestAnimationFrame(resolve)); // laid out
    expect(document.documentElement.dataset.consentLayout).toBeDefined();
    const { showConsentBanner } = await import('../../client/islands/consent-banner');
    const onChoose = vi.fn();

    handOver();
    await act(async () => showConsentBanner({ focus: false, onChoose }));
    expect(errors).not.toHaveBeenCalled();
    expect(banner().hidden).toBe(false);
    await act(async () => button('Recusar').click());
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('deny');
    expect(banner().hidden).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it('opened twice while hydrating, it hydrates once and takes the focus asked for last', async () => {
    const errors = vi.spyOn(console, 'error');
    document.body.innerHTML = `<div id="${CONSENT_ROOT_ID}">${renderToString(<ConsentBanner />)}</div>`;
    const { showConsentBanner } = await import('../../client/islands/consent-banner');
    await act(async () => {
      showConsentBanner({ focus: false, onChoose: vi.fn() });
      showConsentBanner({ focus: true, onChoose: vi.fn() });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(banner().hidden).toBe(false);
    expect(document.activeElement).toBe(document.getElementById('consent-title'));
  });
});
