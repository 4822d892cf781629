import type { Ref } from 'react';
import { CONSENT_BANNER_ID } from './banner-ids';

/** The two choices the banner offers; 'dismiss' is never offered (LGPD: no consent by closing). */
export type BannerChoice = 'allow' | 'deny';

export interface ConsentBannerProps {
  /** Whether the banner shows. The server always renders it closed. */
  open?: boolean;
  /** Called with the reader's choice (only in the browser, once hydrated). */
  onChoose?: (choice: BannerChoice) => void;
  ref?: Ref<HTMLElement>;
  titleRef?: Ref<HTMLHeadingElement>;
}

/**
 * The cookie banner's markup (docs/product.md §4, §9), and nothing else: no
 * state and no effects, so the server renders it and the browser island
 * (client/islands/consent-banner.tsx) hydrates the very same tree. The server
 * renders it closed (`hidden`) in every page, so the HTML never depends on a
 * cookie. The two buttons carry `data-choice`, which the bootstrap's plain-JS
 * buttons read before React arrives (client/consent/early-banner.ts).
 */
export function ConsentBanner({ open = false, onChoose, ref, titleRef }: ConsentBannerProps) {
  return (
    <section
      ref={ref}
      id={CONSENT_BANNER_ID}
      className="consent"
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      hidden={!open}
    >
      <h2 id="consent-title" className="consent-title" ref={titleRef} tabIndex={-1}>
        Cookies e Privacidade
      </h2>
      <p id="consent-text" className="consent-text">
        Usamos cookies essenciais para o site funcionar e, se você aceitar, cookies de publicidade do Google AdSense, que mantêm o portal
        gratuito. Você pode mudar de ideia quando quiser em “Preferências de cookies”, no rodapé.{' '}
        <a href="/politica-de-privacidade" lang="en">
          Cookies Policy
        </a>
      </p>
      <div className="consent-actions">
        <button type="button" className="consent-button" data-choice="deny" onClick={() => onChoose?.('deny')}>
          Recusar
        </button>
        <button type="button" className="consent-button" data-choice="allow" onClick={() => onChoose?.('allow')}>
          Aceitar
        </button>
      </div>
    </section>
  );
}
