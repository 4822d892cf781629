import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { clientAssets } from '#src/site/client-assets.ts';
import type { PageStylesheet } from '#src/site/page-stylesheets.ts';
import { COSTS_OF_BUYING, RENT_OR_BUY_30_YEARS, SIMULATION_30_YEARS } from '../../../scripts/lib/tool-results';
import { bundledNews, fetchPath, ORIGIN } from '../helpers';

const stylesheetText = async (kind: PageStylesheet) => (await env.ASSETS.fetch(`${ORIGIN}${clientAssets.stylesheets[kind].href}`)).text();

/** The class names a stylesheet's selectors name (comments left out). */
function styledClasses(css: string): Set<string> {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Set([...withoutComments.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));
}

/** The class names a page's markup uses. */
function usedClasses(html: string): Set<string> {
  return new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)));
}

/**
 * A kind of page carries only its parts of the site's stylesheet
 * (src/site/page-stylesheets.ts): a class its markup uses that the site
 * styles somewhere must be styled by the page's own sheet, or the page would
 * show it unstyled. Classes the scripts add are in parts every sheet carries
 * (header, consent and ads).
 */
describe('each kind of page carries the styles of everything it shows', () => {
  const missing = async (path: string, kind: PageStylesheet) => {
    const everyPart = styledClasses(await stylesheetText('all'));
    const own = styledClasses(await stylesheetText(kind));
    const response = await fetchPath(path);
    expect(response.status).toBeLessThan(500);
    return [...usedClasses(await response.text())].filter((name) => everyPart.has(name) && !own.has(name));
  };

  it('the home', async () => {
    expect(await missing('/', 'home')).toEqual([]);
  });

  it('every bundled article', async () => {
    for (const { slug } of await bundledNews())
      expect({ slug, missing: await missing(`/noticia/${slug}`, 'article') }).toEqual({ slug, missing: [] });
  });

  it.each([
    '/simulador-de-financiamento',
    SIMULATION_30_YEARS,
    '/simulador-de-financiamento?valor=500000&entrada=100000&juros=11&prazo=30&unidade=anos&sistema=sac&ano=3',
    '/simulador-de-financiamento?valor=abc&entrada=100000',
    RENT_OR_BUY_30_YEARS,
    COSTS_OF_BUYING,
    '/alugar-ou-comprar',
    '/alugar-ou-comprar?valor=abc',
    '/custos-da-compra',
    '/custos-da-compra?valor=abc',
  ])('a tool: %s', async (path) => {
    expect(await missing(path, 'tool')).toEqual([]);
  });

  it('the check fails for a page given a sheet without its parts', async () => {
    expect(await missing('/noticia/como-decorar-apartamentos-pequenos', 'tool')).toContain('article-body');
  });
});
