import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CONSENT_BANNER_ID } from './banner-ids';

/** The two choices the banner offers; 'dismiss' is never offered (LGPD: no consent by closing). */
export type BannerChoice = 'allow' | 'deny';

export interface ConsentBannerProps {
  /** Called with the reader's choice; the banner has closed by then. */
  onChoose?: (choice: BannerChoice) => void;
  /** Hands out the function that opens the banner again, and whether to focus it. */
  onReady?: (open: (focus: boolean) => void) => void;
  /**
   * Whether the banner is open in the markup being hydrated: the server renders
   * it closed, and the reveal script may have opened it before the island loaded.
   */
  initiallyOpen?: boolean;
  /** Open as soon as the island hydrates. */
  openOnMount?: boolean;
  /** Focus the banner when it opens (when the reader asked for it). */
  focusOnOpen?: boolean;
  /**
   * Browser-side work while the banner is open (layout, focus); returns its
   * clean-up. Injected by the island so this component also renders on the server.
   */
  onOpen?: (banner: HTMLElement, title: HTMLElement, focus: boolean) => () => void;
}

/**
 * The cookie banner (docs/product.md §4, §9). The server renders it closed (`hidden`) in
 * every page, so the HTML never depends on a cookie; an inline script opens it
 * at once when there is no stored choice, and the client hydrates it then or
 * when the reader reopens it.
 */
export function ConsentBanner({
  onChoose,
  onReady,
  onOpen,
  initiallyOpen = false,
  openOnMount = false,
  focusOnOpen = false,
}: ConsentBannerProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [focus, setFocus] = useState(focusOnOpen);
  const banner = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  // Effect events: the props are read when the effect runs, and a new callback
  // prop does not re-run the effect (the banner registers itself once per mount).
  const mounted = useEffectEvent(() => {
    onReady?.((shouldFocus) => {
      setFocus(shouldFocus);
      setOpen(true);
    });
    if (openOnMount) setOpen(true);
  });
  const opened = useEffectEvent((element: HTMLElement, heading: HTMLElement, withFocus: boolean) => onOpen?.(element, heading, withFocus));

  useEffect(() => {
    mounted();
  }, []);

  useEffect(() => {
    if (!open || !banner.current || !title.current) return;
    return opened(banner.current, title.current, focus);
  }, [open, focus]);

  const choose = (choice: BannerChoice) => {
    setOpen(false);
    onChoose?.(choice);
  };

  return (
    <section
      ref={banner}
      id={CONSENT_BANNER_ID}
      className="consent"
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      hidden={!open}
    >
      <h2 id="consent-title" className="consent-title" ref={title} tabIndex={-1}>
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
        <button type="button" className="consent-button" data-choice="deny" onClick={() => choose('deny')}>
          Recusar
        </button>
        <button type="button" className="consent-button" data-choice="allow" onClick={() => choose('allow')}>
          Aceitar
        </button>
      </div>
    </section>
  );
}
