// What each HTML element of a WordPress body is to the cleaning (wp-html.ts):
// removed and counted, removed quietly, kept (under the site's name for it),
// or a wrapper whose content stays. Maps and sets, never plain objects: an
// element may be called `constructor` or `__proto__`.

/** What the conversion removes and counts, by kind. */
export type RemovedKind =
  | 'script'
  | 'style'
  | 'event-handler'
  | 'inline-style'
  | 'unsafe-link'
  | 'iframe'
  | 'form'
  | 'object'
  | 'embed'
  | 'image'
  | 'other-element';

/** Removed with everything inside them, and counted: code and players, never article text. */
export const DROPPED = new Map<string, RemovedKind>([
  ['script', 'script'],
  ['style', 'style'],
  ['object', 'object'],
  ['applet', 'object'],
  ['embed', 'embed'],
]);

/** Removed with their content, uncounted: they hold nothing a reader saw (a lazy loader's `<noscript>` copy of an image, metadata). */
export const SILENT = new Set([
  'noscript',
  'template',
  'meta',
  'link',
  'title',
  'head',
  'base',
  'colgroup',
  'col',
  'source',
  'track',
  'param',
  'map',
]);

/** A form's controls: what a form plugin draws, removed with the form. */
export const CONTROLS = new Set(['input', 'button', 'select', 'textarea', 'option', 'optgroup', 'datalist', 'output', 'label', 'legend']);

/** Removed with their content and counted as other elements: drawings, formulas, frames, controls outside a form (a label's text stays). */
export const OTHER = new Set([
  'svg',
  'math',
  'canvas',
  'frame',
  'frameset',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'dialog',
  ...[...CONTROLS].filter((name) => name !== 'label' && name !== 'legend'),
]);

/** Inline elements kept, some under the name the site's Markdown has for them (a paste in the editor makes `<b>` bold). */
export const INLINE = new Map([
  ['strong', 'strong'],
  ['b', 'strong'],
  ['em', 'em'],
  ['i', 'em'],
  ['var', 'em'],
  ['s', 's'],
  ['strike', 's'],
  ['del', 's'],
  ['u', 'u'],
  ['mark', 'mark'],
  ['small', 'small'],
  ['sub', 'sub'],
  ['sup', 'sup'],
  ['abbr', 'abbr'],
  ['code', 'code'],
  ['tt', 'code'],
  ['kbd', 'code'],
  ['samp', 'code'],
  ['q', 'q'],
  ['cite', 'cite'],
  ['time', 'time'],
]);

/** The site's heading levels are 2 to 4 (the page's title is the one h1). */
export const HEADINGS = new Map([
  ['h1', 'h2'],
  ['h2', 'h2'],
  ['h3', 'h3'],
  ['h4', 'h4'],
  ['h5', 'h4'],
  ['h6', 'h4'],
]);

/** Wrappers that only lay a page out: their content stays, its loose text as paragraphs of its own. */
export const BLOCK_WRAPPERS = new Set([
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'address',
  'center',
  'details',
  'summary',
  'fieldset',
  'hgroup',
]);

/** Elements a browser lays out as blocks: a link around one of them is a link around each one's text. */
export const BLOCK_LEVEL = new Set([
  'p',
  ...HEADINGS.keys(),
  'ul',
  'ol',
  'dl',
  'table',
  'figure',
  'blockquote',
  'pre',
  'hr',
  'form',
  ...BLOCK_WRAPPERS,
]);

/** The blocks whose content is text. */
export const TEXT_BLOCKS = new Set(['p', 'h2', 'h3', 'h4']);

/** What a paragraph holds once cleaned: text and the inline elements kept. */
export const PHRASING = new Set(['a', 'br', ...INLINE.values()]);

/** Attributes kept, by element (hast's names): those with a meaning Markdown or the site has; every other goes. */
export const KEPT = new Map<string, readonly string[]>([
  ['a', ['title']],
  ['abbr', ['title']],
  ['ol', ['start', 'reversed', 'type']],
  ['li', ['value']],
  ['th', ['colSpan', 'rowSpan', 'scope', 'headers', 'abbr']],
  ['td', ['colSpan', 'rowSpan', 'headers']],
  ['time', ['dateTime']],
]);
