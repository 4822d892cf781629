import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { IMAGE_FIELD, MARKDOWN_FILE } from '../../../src/checking/article-file.ts';
import { siteWallClock } from '../../../src/content/schema/date-rule.ts';
import { isValidSlug } from '../../../src/content/schema/format.ts';
import { slugFromTitle } from '../../../src/content/schema/slug-from-title.ts';
import { parse, UsageError } from './args.ts';

/** Where the editors' articles live (docs/content-and-publishing.md, "Articles and the check"). */
const CONTENT_FOLDER = 'content';

/** The main image a new article's front matter names. */
const NEW_IMAGE = 'imagem.jpg';

export type NewArticle = { dir: string; slug: string; titled: boolean } | { refused: string };

/**
 * `content:new`: an article folder to fill in, from a slug or from the title
 * (whose slug it makes). Its index.md has every required field in its front
 * matter, the title when given, today's date and the image's expected name;
 * the rest is left empty, and no text, so `content:check`
 * names what is still to write rather than publishing a placeholder. Never
 * overwrites: an existing folder is refused.
 */
export function createArticleFolder(nameOrTitle: string, parent: string = CONTENT_FOLDER, now = new Date()): NewArticle {
  const given = nameOrTitle.trim();
  const titled = !isValidSlug(given);
  const slug = titled ? slugFromTitle(given) : given;
  if (slug === '')
    return {
      refused: `"${given}" não tem letra nem algarismo para formar o endereço: informe o título, ou um slug como "casas-de-madeira"`,
    };
  const dir = join(parent, slug);
  if (existsSync(dir)) return { refused: `${dir} já existe: nada foi alterado. Escolha outro slug, ou edite essa pasta` };
  mkdirSync(dir, { recursive: true });
  // Today in São Paulo: the `data` of an article published now.
  const today = siteWallClock(now.getTime()).slice(0, 10);
  // Texts in double quotes (JSON's are YAML's), so a title with ": " or "#" stays one text.
  const frontMatter = [
    `titulo: ${JSON.stringify(titled ? given : '')}`,
    'descricao: ""',
    `data: ${today}`,
    `${IMAGE_FIELD}: ${NEW_IMAGE}`,
    'alt: ""',
  ];
  writeFileSync(join(dir, MARKDOWN_FILE), `---\n${frontMatter.join('\n')}\n---\n\n`);
  return { dir, slug, titled };
}

/** What to do next, for the terminal. */
export function nextSteps({ dir, titled }: { dir: string; titled: boolean }): string[] {
  const bundled = resolve(dirname(dir)) === resolve(CONTENT_FOLDER);
  return [
    `Criada a pasta ${dir}/:`,
    `  ${MARKDOWN_FILE}  entre as linhas ---, preencha ${titled ? '' : '"titulo", '}"descricao" e "alt" (o que a imagem mostra); "data" é hoje: uma data futura agenda o artigo`,
    `            abaixo delas, escreva o texto em Markdown: pelo menos 80 palavras, intertítulos ##, listas, citações >, links (docs/editores.md)`,
    `Ponha a imagem em ${join(dir, NEW_IMAGE)} (ou com outro nome, o que "${IMAGE_FIELD}" disser: .jpg, .png, .webp, .avif): 16:9, pelo menos 1200×675 (uma foto maior que 4000×4000 ou 1 MB é publicada reduzida).`,
    `Depois: npm run content:check -- ${dir}`,
    ...(bundled
      ? [
          `Enquanto não passar no check, o build deixa a pasta de fora do site (com um aviso) (todo build confere e empacota ${CONTENT_FOLDER}/); --dir <pasta> guarda rascunhos em outro lugar.`,
        ]
      : []),
  ];
}

const NEW_USAGE = 'uso: npm run content:new -- "<o título>" (ou um slug, p. ex. casas-de-madeira) [--dir <pasta>, padrão content]';

/** A new article folder under content/ (or --dir), from its title (or slug): what to fill in is printed. */
export async function createNew(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  // Words typed without quotes arrive one by one: they are the title all the same.
  const given = positionals.join(' ');
  if (given.trim() === '') throw new UsageError(NEW_USAGE);
  const created = createArticleFolder(given, values.dir);
  if ('refused' in created) {
    console.log(created.refused);
    return 1;
  }
  for (const line of nextSteps(created)) console.log(line);
  return 0;
}
