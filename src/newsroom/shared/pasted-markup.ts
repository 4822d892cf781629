/**
 * The cleaning of text pasted from Word and Google Docs (src/checking/pasted-markup.ts,
 * the rules `content:check` applies), for the newsroom's body editor to run on a paste.
 */
export { type Cleaned, type CleanedKind, cleanPastedMarkup } from '#src/checking/pasted-markup.ts';
