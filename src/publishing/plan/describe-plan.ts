import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { articlePath, collectionPath } from '#src/seo/urls.ts';
import { DELETE_AFTER_MS } from '../stores/pending-deletes';
import { changesNothing, type Plan, type PlanArticle } from './plan';
import { shownDate } from './replace-refusal';

/** Keys as a log shows them: the first six, then how many in all. */
export const shownKeys = (keys: readonly string[]) =>
  keys.length > 6 ? `${keys.slice(0, 6).join(', ')}, … (${keys.length} no total)` : keys.join(', ');

/** What happens to each article, as the plan names it. */
const CHANGE: Record<PlanArticle['change'] | 'author', string> = {
  new: 'novo',
  updated: 'atualizado',
  unchanged: 'sem alterações',
  repaired: 'reparado',
  removed: 'removido',
  author: 'autor',
};

/** The width of the first column of a plan's article lines. */
const TAG = Math.max(...Object.values(CHANGE).map((tag) => tag.length)) + 2;

/**
 * The plan as lines for `--dry-run` and for the log of a real run: per
 * article its title, its address on `site` (the origin, e.g.
 * http://localhost:8787) and what happens to it; then the notes and
 * warnings; then what is written to KV, in order.
 */
export function describePlan(plan: Plan, site = ''): string[] {
  const lines: string[] = [];
  const indent = ' '.repeat(TAG);
  for (const { slug, titulo, change, replaces, scheduled } of plan.articles) {
    lines.push(`${CHANGE[change].padEnd(TAG)}"${titulo}"`, `${indent}${site}${articlePath({ slug })}`);
    if (scheduled) lines.push(`${indent}agendado para ${scheduled} (horário de Brasília): publicado agora, aparece no site a partir daí`);
    if (replaces) lines.push(`${indent}substitui o artigo no ar "${replaces.titulo}", publicado em ${shownDate(replaces.data)}`);
    if (change === 'unchanged') lines.push(`${indent}texto, imagem e campos iguais aos do ar: nada a gravar para ele`);
    if (change === 'repaired')
      lines.push(`${indent}igual ao do ar, mas o texto ou uma imagem dele faltava no site ou estava danificado: gravado de novo`);
  }
  const brokenIndex = plan.repaired.filter((key) => key.startsWith('index/'));
  if (brokenIndex.length > 0) {
    lines.push(
      `índice: ${brokenIndex.length} pedaço(s) faltava(m) no site ou estava(m) danificado(s) (${shownKeys(brokenIndex)}): refeito(s) a partir dos artigos`,
    );
  }
  for (const slug of plan.authorsChanged) {
    const author = plan.authors[slug]!;
    lines.push(`${CHANGE.author.padEnd(TAG)}"${author.nome}" (${author.cargo})`, `${indent}${site}${collectionPath('autor', slug)}`);
  }
  lines.push(...plan.notes, ...plan.warnings);
  if (changesNothing(plan)) return [...lines, 'Nada a publicar: todos os artigos e autores estão exatamente como no ar.'];
  const files = plan.writes.filter(({ key }) => !key.startsWith('index/')).length;
  const chunks = plan.writes.length - files;
  const change = [
    plan.added.length > 0 ? `${plan.added.length} ${plan.added.length === 1 ? 'novo' : 'novos'}` : '',
    plan.updated.length > 0 ? `${plan.updated.length} ${plan.updated.length === 1 ? 'atualizado' : 'atualizados'}` : '',
    plan.removed.length > 0 ? `${plan.removed.length} ${plan.removed.length === 1 ? 'removido' : 'removidos'}` : '',
    plan.unchanged.length > 0 ? `${plan.unchanged.length} sem alterações` : '',
    plan.repaired.length > 0 ? `${plan.repaired.length} reparo(s)` : '',
  ].filter(Boolean);
  return [
    ...lines,
    'No KV:',
    `1. gravar ${files} arquivo(s) de artigo, que não aparecem até o passo 3`,
    `2. gravar ${chunks} pedaço(s) do índice, que não aparecem até o passo 3`,
    `3. trocar ${INDEX_META_KEY}: ${plan.next.length} artigo(s)${change.length > 0 ? ` (${change.join(', ')})` : ''}`,
    `4. apagar ${plan.stale.length} chave(s) que deixam de ser usadas, ${DELETE_AFTER_MS / 60_000} minutos depois da troca`,
  ];
}

/** What a publish did, in one line. */
export const planSummary = (plan: Plan) =>
  [
    plan.added.length > 0 ? `${plan.added.length} ${plan.added.length === 1 ? 'novo' : 'novos'}` : '',
    plan.updated.length > 0 ? `${plan.updated.length} ${plan.updated.length === 1 ? 'atualizado' : 'atualizados'}` : '',
    plan.unchanged.length > 0 ? `${plan.unchanged.length} sem alterações (não regravados)` : '',
    plan.authorsChanged.length > 0 ? `${plan.authorsChanged.length} autor(es) novo(s) ou alterado(s)` : '',
    plan.repaired.length > 0 ? `${plan.repaired.length} reparo(s) do que faltava ou estava danificado no site` : '',
  ]
    .filter(Boolean)
    .join(', ');
