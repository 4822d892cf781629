import { PURCHASE_COSTS_PATH, RENT_OR_BUY_PATH, SIMULATOR_PATH } from '#src/seo/urls.ts';

/** The reader's tools, in the order a buyer meets them, with what each answers. */
export const TOOLS = [
  { path: RENT_OR_BUY_PATH, name: 'Alugar ou comprar?', answers: 'Compare o patrimônio de quem compra e de quem aluga, ano a ano.' },
  { path: PURCHASE_COSTS_PATH, name: 'Quanto custa comprar?', answers: 'ITBI, cartório, registro e tarifas do banco, além da entrada.' },
  { path: SIMULATOR_PATH, name: 'Simulador de financiamento', answers: 'Parcelas, juros e saldo devedor no SAC e na Price.' },
] as const;

/**
 * "Outras ferramentas": links from one tool to the others (not to itself), so a
 * reader goes from rent or buy to the costs to the simulator and back, with
 * JavaScript off, as from page to page.
 */
export function ToolLinks({ current }: { current: string }) {
  return (
    <nav className="tool-links" aria-labelledby="ferramentas-titulo">
      <h2 id="ferramentas-titulo">Outras ferramentas</h2>
      <ul>
        {TOOLS.filter((tool) => tool.path !== current).map((tool) => (
          <li key={tool.path}>
            <a href={tool.path}>{tool.name}</a> {tool.answers}
          </li>
        ))}
      </ul>
    </nav>
  );
}
