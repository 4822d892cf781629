import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import { AuthorAvatar } from '../components/AuthorAvatar';
import { renderCards } from '../components/cards/render-cards';
import type { CollectionKind } from '../content/index/news-index';
import { type Author, hasAuthorPage } from '../content/schema/authors';
import { isValidSlug } from '../content/schema/format';
import { isThemeSlug, THEMES } from '../content/schema/themes';
import { log } from '../lib/log';
import { paginate } from '../lib/pagination';
import { CollectionPage } from '../pages/CollectionPage';
import { listBreadcrumbs, person } from '../seo/structured-data';
import { collectionPath, PURCHASE_COSTS_PATH, RENT_OR_BUY_PATH, type ROUTES, SIMULATOR_PATH } from '../seo/urls';
import type { AppEnv } from '../site/app-env';
import { listUnavailableRoute } from './status';

/** What a collection's page says about the list: its header and its head. */
interface Described {
  eyebrow: string;
  title: string;
  description: string;
  lead: React.ReactNode;
  aside?: React.ReactNode;
  empty: string;
  author?: Author;
}

/**
 * A theme's page: its name and description from the fixed table; null for a
 * slug outside it. The financing theme also points to the reader's tools, the
 * simulator first, the tool its readers come for (docs/product.md §2).
 */
function describeTheme(slug: string): Described | null {
  if (!isThemeSlug(slug)) return null;
  const theme = THEMES[slug];
  return {
    eyebrow: 'Tema',
    title: theme.name,
    description: theme.description,
    lead: (
      <>
        <p className="page-lead">{theme.description}</p>
        {slug === 'financiamento' && (
          <p className="theme-tool">
            <a href={SIMULATOR_PATH}>Simule o seu financiamento</a>: compare SAC e Price com os seus números. Antes, veja se vale{' '}
            <a href={RENT_OR_BUY_PATH}>alugar ou comprar</a> e <a href={PURCHASE_COSTS_PATH}>quanto custa comprar</a> além da entrada.
          </p>
        )}
      </>
    ),
    empty: 'Ainda não há notícias neste tema. Volte em breve.',
  };
}

/**
 * An author's page: from the registry, or the site's editor from the
 * settings when the registry lacks her; null for anyone else (a 404).
 */
async function describeAuthor(c: Context<AppEnv>, slug: string): Promise<Described | null> {
  const { site, content } = c.var;
  const registry = await content.authors();
  if (!hasAuthorPage(registry, slug)) return null;
  const author: Author = registry.get(slug) ?? { slug, nome: site.editor.name, cargo: site.editor.role, bio: '' };
  return {
    eyebrow: 'Autor',
    title: author.nome,
    description: author.bio || `${author.nome}, ${author.cargo.toLowerCase()} do ${site.name}: as notícias que assina.`,
    lead: (
      <>
        <p className="collection-role">{author.cargo}</p>
        {author.bio && <p className="page-lead">{author.bio}</p>}
      </>
    ),
    aside: <AuthorAvatar author={author} size={96} />,
    empty: `${author.nome} ainda não assina nenhuma notícia publicada.`,
    author,
  };
}

/**
 * `/autor/:slug` and `/tema/:slug`, with their `/pagina/:page`: one author's or
 * one theme's articles, newest first, 24 a page like the home grid. The list
 * is read as the home grid is (src/content/content.ts): the meta, the list's
 * own file, one or two chunks, whatever the archive's size.
 */
function collectionRoute(kind: CollectionKind) {
  return createFactory<AppEnv, typeof ROUTES.authorPage | typeof ROUTES.themePage>().createHandlers(async function renderCollection(c) {
    const slug = c.req.param('slug');
    const raw = c.req.param('page');
    if (!isValidSlug(slug)) return c.notFound();
    if (raw === '1') return c.redirect(collectionPath(kind, slug), 301);
    const page = raw === undefined ? 1 : /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : NaN;
    if (Number.isNaN(page)) return c.notFound();
    const { site, content } = c.var;
    const described = kind === 'tema' ? describeTheme(slug) : await describeAuthor(c, slug);
    if (!described) return c.notFound();
    const list = await content.collection(kind, slug);
    if (!list) {
      log('error', 'collection_unavailable', { kind, slug });
      return listUnavailableRoute(c);
    }
    const pagination = paginate(await content.count(list), page);
    if (!pagination) return c.notFound();
    const items = await content.newest(pagination.start, pagination.end, list);
    const pathOf = (n: number) => collectionPath(kind, slug, n);
    const { title, description, author } = described;
    const pageTitle = page === 1 ? title : `${title}, página ${page}`;
    return c.render(
      <CollectionPage {...described} cards={renderCards(items, 'top')} pagination={pagination} pathOf={pathOf} ads={site.ads} />,
      {
        title: kind === 'tema' ? `${pageTitle}: notícias` : pageTitle,
        description: page === 1 ? description : `${description} Página ${page} de ${pagination.pageCount}.`,
        jsonLd: [listBreadcrumbs(site, title, pathOf(page)), ...(author ? [person(site, author)] : [])],
      },
    );
  });
}

export const authorRoute = collectionRoute('autor');
export const themeRoute = collectionRoute('tema');
