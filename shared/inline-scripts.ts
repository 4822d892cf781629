import { CONSENT_BANNER_ID } from './banner-ids';
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_PATTERN,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_VALUE_PATTERN,
  SITE_DOMAIN_ATTRIBUTE,
} from './consent-cookie';

// The pages' only inline scripts, in one module because three places must see
// the very same text: the document embeds them (src/components/layout/Document.tsx,
// SpeculationRules.tsx), the CSP allows each by its SHA-256
// (src/middleware/security-headers.ts), and the edge cache keys pages by them
// (src/middleware/edge-cache.ts), so a changed script never meets an old header.

/**
 * Placed right after the banner markup; two jobs, for a reader with no stored
 * choice:
 *
 * 1. Shows the banner in the first paint, instead of after the bootstrap (a
 *    round trip later) or the React island (seconds later on a slow phone):
 *    the banner is often the largest paint of a first visit, and a late one is
 *    a late LCP. The HTML stays the same for everyone (cacheable); with
 *    JavaScript off the banner stays hidden, and so do the ads.
 * 2. Answers its buttons until the bootstrap arrives (it is asked for only
 *    after the largest paint, seconds later on a slow phone): a click stores
 *    the choice in the consent cookie, exactly as the bootstrap would
 *    (client/consent/status.ts, `consentCookie`), and closes the banner at
 *    once. Nothing else: the bootstrap, when it comes, finds the stored choice
 *    and applies it (ads on or off) as on any later page. The handler is the
 *    banner's `onclick` property, so the bootstrap can take the buttons over by
 *    clearing it (client/consent/early-banner.ts); it clears itself after a choice.
 *
 * Written by hand, not as a function's source text: bundlers rewrite functions.
 */
export const BANNER_SCRIPT = [
  `(function(d,b){`,
  `if(!b||${String(CONSENT_VALUE_PATTERN)}.test((${String(CONSENT_COOKIE_PATTERN)}.exec(d.cookie)||[])[1]||""))return;`,
  'b.hidden=false;',
  'b.onclick=function(e){',
  'var t=e.target&&e.target.closest&&e.target.closest("[data-choice]"),v=t&&t.getAttribute("data-choice");',
  'if(v!=="allow"&&v!=="deny")return;',
  `var h=location.hostname.toLowerCase(),s=(d.body.getAttribute(${JSON.stringify(SITE_DOMAIN_ATTRIBUTE)})||"").toLowerCase(),`,
  `c=${JSON.stringify(`${CONSENT_COOKIE}=`)}+v+${JSON.stringify(`; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax`)};`,
  'if(h!=="localhost"&&s&&(h===s||h.endsWith("."+s)))c+="; Domain="+s;',
  'if(location.protocol==="https:")c+="; Secure";',
  'd.cookie=c;b.hidden=true;b.onclick=null}',
  `})(document,document.getElementById(${JSON.stringify(CONSENT_BANNER_ID)}))`,
].join('');

/** The body attribute naming the bootstrap's hashed URL, for {@link BOOT_LOADER_SCRIPT}. */
export const BOOT_URL_ATTRIBUTE = 'data-boot';

/**
 * The last thing in the body: asks for the bootstrap (client/boot.ts) once the
 * page's largest paint is on screen. A module script in the head is fetched at
 * high priority while the page is still being parsed, and on a slow phone it
 * competes with that paint for the network and the main thread: taking it out
 * of the way brought the home's LCP forward in Lighthouse (mobile, 4× CPU;
 * docs/decisions/022-boot-script-after-the-largest-paint.md). Nothing in that
 * paint needs it (the banner is shown by the banner script above).
 *
 * "On screen" is the first largest-contentful-paint entry the browser reports,
 * or, on a page whose main image is marked `fetchpriority="high"` (an
 * article's) and still loading, the first entry after that image has loaded
 * (250 ms after it at most: a smaller image's paint is never reported). Without
 * those entries (older Safari): the frame after the first paint or after the
 * image. The image failing, or 3 s passing, asks at once; so does a page that
 * is not being painted (prerendered, or in a background tab, where frames do
 * not run and paints are not reported).
 *
 * Written by hand, not as a function's source text: bundlers rewrite functions
 * (wrangler's esbuild adds name helpers the page would not have).
 */
export const BOOT_LOADER_SCRIPT = [
  '(function(d){',
  'var asked=0;',
  'function ask(){if(asked)return;asked=1;var s=d.createElement("script");s.type="module";',
  `s.src=d.body.getAttribute(${JSON.stringify(BOOT_URL_ATTRIBUTE)});d.head.appendChild(s)}`,
  'if(d.prerendering||d.visibilityState!=="visible")return ask();',
  'setTimeout(ask,3000);',
  'var P=window.PerformanceObserver,reported=!!(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("largest-contentful-paint")>=0);',
  'function afterNextFrame(){requestAnimationFrame(function(){setTimeout(ask,0)})}',
  'var image=d.querySelector("img[fetchpriority=high]"),pending=!!image&&!image.complete;',
  'if(pending){image.addEventListener("error",ask);',
  'image.addEventListener("load",function(){pending=0;reported?setTimeout(ask,250):afterNextFrame()})}',
  'if(reported)new P(function(){if(!pending)ask()}).observe({type:"largest-contentful-paint",buffered:true});',
  'else if(!pending)afterNextFrame()',
  '})(document)',
].join('');

/**
 * Speculation Rules, in the head: an article is prerendered when the reader
 * hovers or presses its link, other pages are prefetched; static files and XML
 * are left alone. Browsers without support ignore the element.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [{ where: { href_matches: '/noticia/*' }, eagerness: 'moderate' }],
  prefetch: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: ['/noticia/*', '/thumbnails/*', '/static/*', '/*.xml'] } }] },
      eagerness: 'moderate',
    },
  ],
});

/** Every inline script a page may carry: the CSP allows exactly these. */
export const INLINE_SCRIPTS: readonly string[] = [BANNER_SCRIPT, BOOT_LOADER_SCRIPT, SPECULATION_RULES];
