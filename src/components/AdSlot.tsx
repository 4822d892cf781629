/**
 * A place for an ad. Empty and hidden until the consent-and-ads issue fills it,
 * so it takes no space (and causes no layout shift) while ads are off.
 */
export function AdSlot({ name }: { name: string }) {
  return <div className="ad-slot" data-ad-slot={name} hidden />;
}
