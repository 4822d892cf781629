// Ids shared by the server markup, the inline banner script, the bootstrap and
// the island; kept apart from the component so the bootstrap never pulls React in.

/** The container the server renders the banner into, and the island hydrates. */
export const CONSENT_ROOT_ID = 'consent-root';
/** The banner itself, shown before hydration by the inline banner script (./inline-scripts.ts). */
export const CONSENT_BANNER_ID = 'consent-banner';
