import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '#shared/consent-cookie.ts';
import { consentCookie, grantsConsent, readConsentStatus } from '../../client/consent/status';

describe('reading the stored status', () => {
  it.each(['deny', 'dismiss', 'allow'] as const)('reads %s', (status) => {
    expect(readConsentStatus(`a=1; ${CONSENT_COOKIE}=${status}; b=2`)).toBe(status);
  });

  it('is null without the cookie, or with an unknown value', () => {
    expect(readConsentStatus('')).toBeNull();
    expect(readConsentStatus('other=allow')).toBeNull();
    expect(readConsentStatus(`${CONSENT_COOKIE}=yes`)).toBeNull();
    expect(readConsentStatus(`x${CONSENT_COOKIE}=allow`)).toBeNull();
  });

  it('reads the cookie by the name the cookieconsent library gives it, so a choice stored by it is kept', () => {
    expect(readConsentStatus('cookieconsent_status=deny')).toBe('deny');
  });
});

describe('docs/product.md §4: which statuses consent', () => {
  it('allow and dismiss consent; deny does not', () => {
    expect(grantsConsent('allow')).toBe(true);
    expect(grantsConsent('dismiss')).toBe(true);
    expect(grantsConsent('deny')).toBe(false);
  });
});

describe('the cookie written (docs/product.md §9)', () => {
  const attributes = (cookie: string) => cookie.split('; ');

  it('is path /, 365 days, SameSite=Lax', () => {
    const parts = attributes(
      consentCookie('allow', { protocol: 'https:', hostname: 'casaempauta.com.br', siteDomain: 'casaempauta.com.br' }),
    );
    expect(parts[0]).toBe('cookieconsent_status=allow');
    expect(parts).toContain('Path=/');
    expect(parts).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(parts).toContain('SameSite=Lax');
  });

  it('is Secure and scoped to the site domain on https', () => {
    const parts = attributes(
      consentCookie('deny', { protocol: 'https:', hostname: 'www.casaempauta.com.br', siteDomain: 'casaempauta.com.br' }),
    );
    expect(parts).toContain('Secure');
    expect(parts).toContain('Domain=casaempauta.com.br');
  });

  it('is host-only and not Secure on http://localhost', () => {
    const parts = attributes(consentCookie('allow', { protocol: 'http:', hostname: 'localhost', siteDomain: 'localhost' }));
    expect(parts).not.toContain('Secure');
    expect(parts.some((part) => part.startsWith('Domain='))).toBe(false);
  });

  it('is host-only on a host outside the configured domain (a preview URL)', () => {
    const parts = attributes(
      consentCookie('allow', { protocol: 'https:', hostname: 'casa.example.workers.dev', siteDomain: 'casaempauta.com.br' }),
    );
    expect(parts.some((part) => part.startsWith('Domain='))).toBe(false);
    expect(parts).toContain('Secure');
  });
});
