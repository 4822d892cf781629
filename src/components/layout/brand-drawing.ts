/**
 * The brand's drawing, a house under a roof line: the header's and footer's
 * mark (BrandMark.tsx) and the tab's icon. assets/favicon.svg is the same
 * drawing as a file, for the newsroom and the app icons
 * (scripts/make-icons.mjs); a test keeps the three alike.
 */
export const BRAND_DRAWING = {
  viewBox: '0 0 64 64',
  house: { fill: '#0f5c5a', d: 'M12 29 32 12l20 17v20a4 4 0 0 1-4 4H29l-9 8v-8h-4a4 4 0 0 1-4-4Zm22 24v-9a4 4 0 0 1 8 0v9Z' },
  roof: { stroke: '#c8553d', width: '7', d: 'M6 32 32 10l26 22' },
} as const;

const { viewBox, house, roof } = BRAND_DRAWING;

/** The drawing as an SVG document, its attributes in single quotes. */
export const BRAND_SVG =
  `<svg xmlns='http://www.w3.org/2000/svg' viewBox='${viewBox}'>` +
  `<path fill='${house.fill}' fill-rule='evenodd' d='${house.d}'/>` +
  `<path fill='none' stroke='${roof.stroke}' stroke-width='${roof.width}' stroke-linecap='round' stroke-linejoin='round' d='${roof.d}'/></svg>`;

/**
 * The tab's icon as a `data:` address: no request. Chrome asks for a linked
 * icon at the load event, which on a page with no image comes before the
 * first paint, so a phone's first visit paid one more request before it (and
 * Lighthouse counted it in the largest paint: docs/speed.md). The page
 * carries the mark's paths already, so gzip sends them again for a few bytes.
 * `<`, `>` and `#` are escaped for the URL, and the quotes too: React would
 * write each as `&#x27;`, twice as long.
 */
export const BRAND_ICON = `data:image/svg+xml,${BRAND_SVG.replace(/[<>#']/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)}`;
