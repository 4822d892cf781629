/**
 * Instant navigation in browsers that support Speculation Rules: an article
 * is prerendered when the reader hovers or presses on its link, other pages
 * are prefetched. Browsers without support ignore the element. The CSP allows
 * exactly this text, by its hash (src/middleware/security-headers.ts).
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

export function SpeculationRules() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant JSON of ours, allowed by its hash in the CSP
  return <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />;
}
