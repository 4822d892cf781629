import { TOOL_LIST } from '#shared/tool-card.ts';

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
        {TOOL_LIST.filter((tool) => tool.path !== current).map((tool) => (
          <li key={tool.path}>
            <a href={tool.path}>{tool.name}</a> {tool.pitch}
          </li>
        ))}
      </ul>
    </nav>
  );
}
