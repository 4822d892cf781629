import type { AdsConfig } from '../site/config';

/**
 * A place for an AdSense ad. Rendered hidden in every page (the HTML never
 * depends on the reader's choice): it takes no space, and so causes no layout
 * shift, unless the client turns ads on after consent (client/ads.ts).
 */
export function AdSlot({ ads, placement }: { ads: AdsConfig; placement: keyof AdsConfig['slots'] }) {
  return (
    <aside className="ad-slot" aria-label="Publicidade" data-placement={placement} hidden>
      <p className="ad-label">Publicidade</p>
      <ins
        className="adsbygoogle"
        data-ad-client={ads.client}
        data-ad-slot={ads.slots[placement]}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </aside>
  );
}
