import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { readConsentStatus } from '../../client/consent/status';
import { CONSENT_BANNER_ID } from '../../shared/banner-ids';
import { ConsentBanner } from '../../shared/ConsentBanner';
import { CONSENT_COOKIE } from '../../shared/consent-cookie';
import { BANNER_REVEAL_SCRIPT } from '../../shared/inline-scripts';

const banner = () => document.getElementById(CONSENT_BANNER_ID)!;

/** Runs the inline script as the browser would, against a given cookie string. */
function revealWith(cookies: string): void {
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => cookies });
  new Function(BANNER_REVEAL_SCRIPT)();
}

describe('the inline banner reveal script', () => {
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
