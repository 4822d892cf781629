// The reader's tools, and the card an article shows for one: one place for
// their addresses and names (the worker's routes, the tools' own links, the
// card the sanitizer draws, src/content/body/body-tool.ts) and for the line
// that asks for a card in Markdown, which the newsroom's editor keeps as
// written (client/newsroom/editor/). Nothing here touches the DOM.

/** Each tool: its address, its name, and what it answers, in the order a buyer meets them. */
export const TOOL_PAGES = {
  rentOrBuy: {
    path: '/alugar-ou-comprar',
    name: 'Alugar ou comprar?',
    pitch: 'Compare o patrimônio de quem compra e de quem aluga, ano a ano.',
  },
  purchaseCosts: {
    path: '/custos-da-compra',
    name: 'Quanto custa comprar?',
    pitch: 'ITBI, cartório, registro e tarifas do banco, além da entrada.',
  },
  simulator: {
    path: '/simulador-de-financiamento',
    name: 'Simulador de financiamento',
    pitch: 'Parcelas, juros e saldo devedor no SAC e na Price.',
  },
} as const;

export type ToolPage = (typeof TOOL_PAGES)[keyof typeof TOOL_PAGES];
export const TOOL_LIST: readonly ToolPage[] = Object.values(TOOL_PAGES);

/** The tool at a path, or null. */
export const toolAt = (path: string): ToolPage | null => TOOL_LIST.find((tool) => tool.path === path) ?? null;

/**
 * A tool's address alone in its paragraph (the site's own path, or a full
 * address on any host, as copied from the browser), perhaps with the tool's
 * inputs in its query, and an optional text in double quotes after it: the
 * article shows a card linking to the tool. Groups: the path, the query
 * (with its "?"), the text.
 */
export const TOOL_LINE =
  /^(?:https?:\/\/[^\s/?#"]+)?(\/(?:alugar-ou-comprar|custos-da-compra|simulador-de-financiamento))(\?[^\s"#]*)?(?:[ \t]+"([^"\n]*)")?$/;

/**
 * The card: a link to the tool, drawn by the stylesheet as a small box:
 * `<a class="tool-card" href="<path>[?<query>]"><span class="tool-card-name">Ferramenta: <name></span><span class="tool-card-text"><text></span></a>`.
 * Phrasing content only, so it parses the same in a paragraph.
 */
export const TOOL_CARD_CLASS = 'tool-card';
export const TOOL_CARD_NAME_CLASS = 'tool-card-name';
export const TOOL_CARD_TEXT_CLASS = 'tool-card-text';
/** Before the tool's name on the card. */
export const TOOL_CARD_PREFIX = 'Ferramenta: ';
