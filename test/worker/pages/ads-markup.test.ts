import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '#src/site/config.ts';
import { attr, documentOf, fetchPath, fetchWithEnv, query, queryAll, textContent } from '../helpers';

afterEach(() => vi.restoreAllMocks());

describe('ad slots and consent markup', () => {
  it.each([
    ['/', 'home', '1000000001'],
    ['/noticia/como-decorar-apartamentos-pequenos', 'article', '1000000002'],
  ])('%s has a hidden %s slot with the configured client and unit', async (path, placement, unit) => {
    const slot = query(await documentOf(await fetchPath(path)), `aside.ad-slot[data-placement="${placement}"]`);
    expect(attr(slot, 'hidden')).toBe('');
    const unitElement = query(slot, 'ins.adsbygoogle');
    expect(attr(unitElement, 'data-ad-client')).toBe('ca-pub-0000000000000000');
    expect(attr(unitElement, 'data-ad-slot')).toBe(unit);
  });

  it('no page loads anything from the ad host by itself', async () => {
    const attributesOf = (page: Awaited<ReturnType<typeof documentOf>>, tag: string) =>
      queryAll(page, tag).flatMap((element) => element.attrs.map((attribute) => attribute.value));
    for (const path of ['/', '/noticia/como-decorar-apartamentos-pequenos', '/sobre']) {
      const page = await documentOf(await fetchPath(path));
      expect(attributesOf(page, 'script').filter((value) => value.includes('googlesyndication'))).toEqual([]);
      for (const tag of ['img', 'iframe', 'link']) {
        expect(attributesOf(page, tag).filter((value) => /googlesyndication|doubleclick/.test(value))).toEqual([]);
      }
    }
  });

  it('renders the banner closed, the footer link that reopens it, and the ad settings for the client', async () => {
    const page = await documentOf(await fetchPath('/sobre'));
    const section = query(page, 'div#consent-root section#consent-banner');
    expect(query(page, 'div#consent-root').childNodes[0]).toBe(section);
    expect([attr(section, 'class'), attr(section, 'role'), attr(section, 'hidden')]).toEqual(['consent', 'dialog', '']);
    expect(queryAll(page, 'button[data-consent-open="true"]').map(textContent)).toContain('Preferências de cookies');
    const body = query(page, 'body');
    expect(Object.fromEntries(body.attrs.map(({ name, value }) => [name, value]))).toEqual({
      'data-ads-client': 'ca-pub-0000000000000000',
      'data-ads-script': 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js',
      'data-site-domain': 'localhost',
      'data-boot': expect.stringMatching(/^\/static\/boot-[\w-]+\.js$/),
    });
  });

  it('uses the AdSense vars when they are set', async () => {
    const response = await fetchWithEnv('/', { ADSENSE_CLIENT: 'ca-pub-1234567890123456', ADSENSE_SLOT_HOME: '555555' });
    const units = queryAll(await documentOf(response), 'ins.adsbygoogle').map((unit) => [
      attr(unit, 'data-ad-client'),
      attr(unit, 'data-ad-slot'),
    ]);
    expect(units).toContainEqual(['ca-pub-1234567890123456', '555555']);
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
    const page = await documentOf(await fetchWithEnv('/sobre', { SITE_URL: 'https://www.casaempauta.com.br' }));
    expect(attr(query(page, 'body'), 'data-site-domain')).toBe('casaempauta.com.br');
    expect(queryAll(page, 'link[rel="canonical"]').map((link) => attr(link, 'href'))).toContain('https://www.casaempauta.com.br/sobre');
  });
});
