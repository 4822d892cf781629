import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '../../src/config';
import { fetchPath, fetchWithEnv, textOf } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('ad slots and consent markup', () => {
  it.each([
    ['/', 'home', '1000000001'],
    ['/noticia/como-decorar-apartamentos-pequenos', 'article', '1000000002'],
  ])('%s has a hidden %s slot with the configured client and unit', async (path, placement, unit) => {
    const html = await textOf(await fetchPath(path));
    const slot = html.match(new RegExp(`<aside class="ad-slot"[^>]*data-placement="${placement}"[^>]*>.*?</aside>`))![0];
    expect(slot).toContain('hidden=""');
    expect(slot).toContain('<ins class="adsbygoogle" data-ad-client="ca-pub-0000000000000000"');
    expect(slot).toContain(`data-ad-slot="${unit}"`);
  });

  it('no page loads anything from the ad host by itself', async () => {
    for (const path of ['/', '/noticia/como-decorar-apartamentos-pequenos', '/sobre']) {
      const html = await textOf(await fetchPath(path));
      expect(html).not.toMatch(/<script[^>]+googlesyndication/);
      expect(html).not.toMatch(/<(img|iframe|link)[^>]+(googlesyndication|doubleclick)/);
    }
  });

  it('renders the banner closed, the footer link that reopens it, and the ad settings for the client', async () => {
    const html = await textOf(await fetchPath('/sobre'));
    expect(html).toMatch(/<div id="consent-root"><section id="consent-banner" class="consent" role="dialog"[^>]* hidden="">/);
    expect(html).toContain('data-consent-open="true">Preferências de cookies</button>');
    expect(html).toContain(
      '<body data-ads-client="ca-pub-0000000000000000" data-ads-script="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js" data-site-domain="localhost">',
    );
  });

  it('uses the AdSense vars when they are set', async () => {
    const response = await fetchWithEnv('/', { ADSENSE_CLIENT: 'ca-pub-1234567890123456', ADSENSE_SLOT_HOME: '555555' });
    const html = await textOf(response);
    expect(html).toContain('data-ad-client="ca-pub-1234567890123456" data-ad-slot="555555"');
  });
});

describe('site settings validation', () => {
  it.each([
    ['ADSENSE_CLIENT', 'pub-123'],
    ['ADSENSE_SCRIPT_URL', 'https://evil.example.com/ads.js'],
    ['ADSENSE_SCRIPT_URL', 'http://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js'],
    ['ADSENSE_SLOT_ARTICLE', 'abc'],
    ['SITE_URL', 'https://casaempauta.com.br/path'],
    ['CONTACT_EMAIL', 'not-an-email'],
  ])('rejects %s=%j, naming the variable', (name, value) => {
    expect(() => siteConfig({ [name]: value })).toThrow(new RegExp(`^${name} must be`));
  });

  it('accepts a production configuration and trims a trailing slash from SITE_URL', () => {
    const site = siteConfig({
      SITE_URL: 'https://www.casaempauta.com.br/',
      ADSENSE_CLIENT: 'ca-pub-1234567890123456',
      ADSENSE_SCRIPT_URL: 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js',
    });
    expect(site.url).toBe('https://www.casaempauta.com.br');
    expect(site.ads.client).toBe('ca-pub-1234567890123456');
  });

  it('derives the cookie domain from SITE_URL without www', async () => {
    const html = await textOf(await fetchWithEnv('/sobre', { SITE_URL: 'https://www.casaempauta.com.br' }));
    expect(html).toContain('data-site-domain="casaempauta.com.br"');
    expect(html).toContain('<link rel="canonical" href="https://www.casaempauta.com.br/sobre"/>');
  });
});
