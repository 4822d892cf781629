import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_SCRIPT_ID, disableAds, enableAds } from '../../client/ads';
import { applyConsent } from '../../client/apply-consent';

const ADS = { client: 'ca-pub-0000000000000000', scriptUrl: 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js' };

function mountSlots(count: number): void {
  document.head.innerHTML = '';
  document.body.innerHTML = Array.from(
    { length: count },
    (_, i) => `<aside class="ad-slot" hidden><ins class="adsbygoogle" data-ad-slot="${i}"></ins></aside>`,
  ).join('');
}

const scripts = () => document.querySelectorAll(`script#${AD_SCRIPT_ID}`);
const slots = () => [...document.querySelectorAll<HTMLElement>('.ad-slot')];
const root = () => document.documentElement.dataset;

beforeEach(() => {
  mountSlots(2);
  window.adsbygoogle = undefined;
  delete root().consent;
  delete root().adsLoaded;
});
afterEach(() => vi.restoreAllMocks());

describe('docs/product.md §4 transitions', () => {
  it.each(['allow', 'dismiss'] as const)('%s: consent flag true, one script, one push per slot, slots shown', (status) => {
    applyConsent(status, ADS);
    expect(root().consent).toBe('true');
    expect(root().adsLoaded).toBe('true');
    expect(scripts()).toHaveLength(1);
    const src = new URL((scripts()[0] as HTMLScriptElement).src);
    expect(src.origin + src.pathname).toBe(ADS.scriptUrl);
    expect(src.searchParams.get('client')).toBe(ADS.client);
    expect((scripts()[0] as HTMLScriptElement).async).toBe(true);
    expect(window.adsbygoogle).toHaveLength(2);
    expect(slots().every((slot) => !slot.hidden)).toBe(true);
  });

  it('deny: consent flag false, no script, slots hidden, loaded flag cleared', () => {
    applyConsent('deny', ADS);
    expect(root().consent).toBe('false');
    expect(root().adsLoaded).toBeUndefined();
    expect(scripts()).toHaveLength(0);
    expect(window.adsbygoogle).toBeUndefined();
    expect(slots().every((slot) => slot.hidden)).toBe(true);
  });

  it('allow then deny: the script is removed, slots hidden, flags cleared', () => {
    applyConsent('allow', ADS);
    applyConsent('deny', ADS);
    expect(scripts()).toHaveLength(0);
    expect(slots().every((slot) => slot.hidden)).toBe(true);
    expect(root().consent).toBe('false');
    expect(root().adsLoaded).toBeUndefined();
  });

  it('deny then allow: ads come back with one script', () => {
    applyConsent('deny', ADS);
    applyConsent('allow', ADS);
    expect(scripts()).toHaveLength(1);
    expect(window.adsbygoogle).toHaveLength(2);
  });
});

describe('idempotence', () => {
  it('applying allow twice keeps one script and one push per slot', () => {
    applyConsent('allow', ADS);
    applyConsent('allow', ADS);
    applyConsent('dismiss', ADS);
    expect(scripts()).toHaveLength(1);
    expect(window.adsbygoogle).toHaveLength(2);
  });

  it('never initialises a slot twice, even after allow → deny → allow', () => {
    applyConsent('allow', ADS);
    applyConsent('deny', ADS);
    applyConsent('allow', ADS);
    expect(window.adsbygoogle).toHaveLength(2);
    expect(scripts()).toHaveLength(1);
  });

  it('a slot added later gets its one push on the next apply', () => {
    applyConsent('allow', ADS);
    document.body.insertAdjacentHTML('beforeend', '<aside class="ad-slot" hidden><ins class="adsbygoogle"></ins></aside>');
    enableAds(ADS);
    expect(window.adsbygoogle).toHaveLength(3);
    expect(slots().every((slot) => !slot.hidden)).toBe(true);
  });

  it('disabling when nothing is on is harmless', () => {
    expect(() => disableAds()).not.toThrow();
    expect(scripts()).toHaveLength(0);
  });
});

describe('failures are written to the console only (docs/product.md §8)', () => {
  it('a failing ad set-up does not throw', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.adsbygoogle = {
      push() {
        throw new Error('adsbygoogle exploded');
      },
    } as unknown as unknown[];
    expect(() => applyConsent('allow', ADS)).not.toThrow();
    expect(error).toHaveBeenCalledWith('[consent] could not apply the cookie choice', expect.any(Error));
  });

  it('a script that fails to load is reported on the console', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    applyConsent('allow', ADS);
    scripts()[0]!.dispatchEvent(new Event('error'));
    expect(error).toHaveBeenCalledWith('[ads] the AdSense script could not be loaded');
  });
});
