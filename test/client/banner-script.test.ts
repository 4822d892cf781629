import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_BANNER_ID } from '#shared/banner-ids.ts';
import { ConsentBanner } from '#shared/ConsentBanner.tsx';
import { CONSENT_COOKIE, SITE_DOMAIN_ATTRIBUTE } from '#shared/consent-cookie.ts';
import { BANNER_SCRIPT } from '#shared/inline-scripts.ts';
import { consentCookie, readConsentStatus } from '../../client/consent/status';

const banner = () => document.getElementById(CONSENT_BANNER_ID)!;

/** Runs the inline script as the browser would, against a given cookie string; returns the cookies it writes. */
function revealWith(cookies: string): string[] {
  const written: string[] = [];
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => cookies, set: (value: string) => written.push(value) });
  new Function(BANNER_SCRIPT)();
  return written;
}

const button = (choice: string) => banner().querySelector<HTMLButtonElement>(`[data-choice="${choice}"]`)!;

describe('the inline banner script: showing the banner', () => {
  beforeEach(() => {
    document.body.innerHTML = renderToString(createElement(ConsentBanner));
  });

  const cases = [
    '',
    'a=1',
    `${CONSENT_COOKIE}=allow`,
    `a=1; ${CONSENT_COOKIE}=deny; b=2`,
    `${CONSENT_COOKIE}=dismiss`,
    `${CONSENT_COOKIE}=yes`,
    `${CONSENT_COOKIE}=`,
    `x${CONSENT_COOKIE}=allow`,
    `${CONSENT_COOKIE}=allowed`,
    `${CONSENT_COOKIE}=garbage; ${CONSENT_COOKIE}=allow`,
  ];

  it.each(cases)('opens the banner exactly when the bootstrap finds no choice: %j', (cookies) => {
    expect(banner().hidden).toBe(true);
    revealWith(cookies);
    expect(banner().hidden).toBe(readConsentStatus(cookies) !== null);
  });

  it('opens it for a first visit and leaves it closed for a stored choice', () => {
    revealWith('');
    expect(banner().hidden).toBe(false);
    document.body.innerHTML = renderToString(createElement(ConsentBanner));
    revealWith(`${CONSENT_COOKIE}=deny`);
    expect(banner().hidden).toBe(true);
  });
});

describe('the inline banner script: a choice made before the bootstrap arrives', () => {
  beforeEach(() => {
    document.body.innerHTML = renderToString(createElement(ConsentBanner));
  });

  it.each(['deny', 'allow'])('%s: stores the choice and closes the banner at once, once', (choice) => {
    const written = revealWith('');
    button(choice).click();
    expect(banner().hidden).toBe(true);
    expect(written).toHaveLength(1);
    expect(readConsentStatus(written[0]!)).toBe(choice);
    // Its job is done: a banner reopened later belongs to the bootstrap and React.
    expect(banner().onclick).toBeNull();
    button(choice).click();
    expect(written).toHaveLength(1);
  });

  it('ignores clicks on the banner that are not a choice', () => {
    const written = revealWith('');
    banner().querySelector('p')!.click();
    banner().click();
    expect(written).toEqual([]);
    expect(banner().hidden).toBe(false);
  });

  it('leaves a banner closed for a stored choice without a handler', () => {
    revealWith(`${CONSENT_COOKIE}=allow`);
    expect(banner().onclick).toBeNull();
  });

  // The very cookie the bootstrap writes (client/consent/status.ts): one rule, two writers.
  it.each([
    ['http://localhost:8787/', 'casaempauta.com.br'],
    ['https://casaempauta.com.br/noticia/x', 'casaempauta.com.br'],
    ['https://www.casaempauta.com.br/', 'casaempauta.com.br'],
    ['https://WWW.CasaEmPauta.com.br/', 'casaempauta.com.br'],
    ['https://casa-em-pauta.example.workers.dev/', 'casaempauta.com.br'],
    ['https://notcasaempauta.com.br/', 'casaempauta.com.br'],
    ['https://casaempauta.com.br/', ''],
  ])('on %s (site domain %j) writes what the bootstrap writes', (url, siteDomain) => {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
    document.body.setAttribute(SITE_DOMAIN_ATTRIBUTE, siteDomain);
    const written = revealWith('');
    button('deny').click();
    const { protocol, hostname } = new URL(url);
    expect(written).toEqual([consentCookie('deny', { protocol, hostname, siteDomain })]);
  });
});
