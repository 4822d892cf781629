/**
 * The import's report, in pt-BR: every item of the export accounted for
 * (live, draft, unchanged, left out, each with why), and everything the
 * site could not carry over as it was, named with its post. Written whole
 * to a file, summed up in the terminal.
 */
export interface ReportedPost {
  id: number;
  title: string;
}

export interface ImportReport {
  origin: string;
  dryRun: boolean;
  items: number;
  published: (ReportedPost & { slug: string })[];
  unchanged: ReportedPost[];
  drafts: (ReportedPost & { why: string[]; result: string })[];
  skipped: (ReportedPost & { why: string })[];
  comments: number;
  /** Posts whose WordPress slug could not be kept: the old one redirects to the new. */
  renamed: (ReportedPost & { from: string; to: string })[];
  unknownShortcodes: Map<string, ReportedPost[]>;
  removed: Map<string, number>;
  images: (ReportedPost & { what: string })[];
  embeds: (ReportedPost & { url: string })[];
  /** Posts with images the converter gave a stand-in alternative text (the post's title). */
  altMissing: (ReportedPost & { count: number })[];
  dynamicBlocks: Map<string, ReportedPost[]>;
  descriptions: Map<string, number>;
  unmappedTerms: string[];
  newAuthors: string[];
  redirects: number;
  /** Old addresses the site already led where this run would (an earlier run's). */
  redirectsKept: number;
  /** Old addresses the site would not store, each with why. */
  refusedRedirects: string[];
  themesFile: string;
  /** Why the run stopped early, when it did: the next run goes on from there. */
  stopped: string | null;
}

export const emptyReport = (origin: string, dryRun: boolean, themesFile: string): ImportReport => ({
  origin,
  dryRun,
  items: 0,
  published: [],
  unchanged: [],
  drafts: [],
  skipped: [],
  comments: 0,
  renamed: [],
  unknownShortcodes: new Map(),
  removed: new Map(),
  images: [],
  embeds: [],
  altMissing: [],
  dynamicBlocks: new Map(),
  descriptions: new Map(),
  unmappedTerms: [],
  newAuthors: [],
  redirects: 0,
  redirectsKept: 0,
  refusedRedirects: [],
  themesFile,
  stopped: null,
});

const REMOVED_NAMES: Record<string, string> = {
  script: 'scripts',
  style: 'blocos de estilo (<style>)',
  'event-handler': 'atributos de evento (onclick…)',
  'unsafe-link': 'links javascript:, data: ou vbscript: (o texto do link ficou)',
  iframe: 'iframes de outros sites',
  'inline-style': 'estilos no texto (style="…")',
  form: 'formulários',
  object: 'objetos e plugins (<object>)',
  embed: 'plugins (<embed>)',
  image: 'imagens sem endereço utilizável (data:, vazias)',
  'other-element': 'outros elementos que o site não mostra (o texto deles ficou)',
};

const post = ({ id, title }: ReportedPost) => `"${title}" (post ${id})`;

/** The report as Markdown, for the file. */
export function reportText(report: ImportReport): string {
  const lines: string[] = [];
  const section = (title: string, body: string[]) => {
    if (body.length === 0) return;
    lines.push('', `## ${title}`, '', ...body);
  };
  lines.push(
    `# Importação do WordPress: ${report.origin}${report.dryRun ? ' (simulação: nada foi gravado)' : ''}`,
    '',
    ...summaryLines(report).map((line) => `- ${line}`),
  );
  if (report.stopped) lines.push('', `**A importação parou:** ${report.stopped} Rode o comando de novo: ela continua de onde parou.`);
  section(
    report.dryRun ? 'Seriam publicados' : 'Publicados',
    report.published.map((item) => `- ${post(item)} → /noticia/${item.slug}`),
  );
  section(
    'Na redação como rascunho',
    report.drafts.map((item) => `- ${post(item)}: ${item.result}${item.why.length > 0 ? `. ${item.why.join('; ')}` : ''}`),
  );
  section(
    'Não importados',
    report.skipped.map((item) => `- ${post(item)}: ${item.why}`),
  );
  section(
    'Sem mudança desde a última importação',
    report.unchanged.map((item) => `- ${post(item)}: nada a fazer`),
  );
  section(
    'Endereços que mudaram',
    report.renamed.map(
      (item) => `- ${post(item)}: "${item.from}" já é de outro artigo do site; ficou /noticia/${item.to} (o antigo redireciona)`,
    ),
  );
  section(
    'Códigos do WordPress (shortcodes) que o site não tem',
    [...report.unknownShortcodes].map(
      ([name, posts]) =>
        `- [${name}], tirado de ${posts.length} post(s): ${posts.slice(0, 10).map(post).join(', ')}${posts.length > 10 ? ', …' : ''}`,
    ),
  );
  section(
    'Marcação perigosa retirada dos textos',
    [...report.removed].map(([kind, count]) => `- ${REMOVED_NAMES[kind] ?? kind}: ${count}`),
  );
  section(
    'Imagens ajustadas às regras do site',
    report.images.map((item) => `- ${post(item)}: ${item.what}`),
  );
  section(
    'Conteúdo incorporado de outros sites, mantido como link',
    report.embeds.map((item) => `- ${post(item)}: ${item.url}`),
  );
  section(
    'Categorias e tags sem tema',
    report.unmappedTerms.length > 0
      ? [
          `${report.unmappedTerms.join(', ')}.`,
          '',
          `Para dar tema a elas, edite ${report.themesFile} e rode de novo com --temas ${report.themesFile}.`,
        ]
      : [],
  );
  section(
    'Autores novos',
    report.newAuthors.length > 0 ? [`${report.newAuthors.join(', ')}: complete cargo e bio em Redação → Autores.`] : [],
  );
  return `${lines.join('\n')}\n`;
}

/** The numbers, one line each: what the terminal prints at the end. */
export function summaryLines(report: ImportReport): string[] {
  const would = report.dryRun ? 'seriam ' : '';
  const descriptions = [...report.descriptions].map(([source, count]) => `${count} ${DESCRIPTION_SOURCES[source] ?? source}`).join(', ');
  return [
    `${report.items} itens no arquivo de exportação, ${report.comments} comentário(s) (o site não tem comentários: não importados)`,
    `${report.published.length} artigo(s) ${would}publicado(s)`,
    `${report.drafts.length} post(s) ${would}na redação como rascunho`,
    `${report.unchanged.length} sem mudança desde a última importação (nada a fazer)`,
    `${report.skipped.length} item(ns) não importado(s), cada um com o motivo no relatório`,
    report.dryRun
      ? `${report.redirects} endereço(s) antigo(s) seriam redirecionados`
      : `${report.redirects} endereço(s) antigo(s) redirecionado(s) agora${report.redirectsKept > 0 ? `, ${report.redirectsKept} já estavam` : ''}`,
    ...(descriptions ? [`descrições: ${descriptions}`] : []),
  ];
}

const DESCRIPTION_SOURCES: Record<string, string> = {
  yoast: 'do Yoast',
  rankmath: 'do Rank Math',
  excerpt: 'do resumo do post',
  body: 'das primeiras frases do texto',
};
