import { SPECULATION_RULES } from '#shared/inline-scripts.ts';

/**
 * Instant navigation in browsers that support Speculation Rules (the rules and
 * why are in shared/inline-scripts.ts). The CSP allows exactly this text, by
 * its hash (src/middleware/security-headers.ts).
 */
export function SpeculationRules() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant JSON of ours, allowed by its hash in the CSP
  return <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />;
}
