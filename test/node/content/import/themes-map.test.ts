import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proposeThemes, readThemesFile, type Term, themesFile, themesOf } from '../../../../scripts/content/import/themes-map.ts';

const terms: Term[] = [
  { taxonomy: 'category', slug: 'decoracao', name: 'Decoração' },
  { taxonomy: 'category', slug: 'credito-imobiliario', name: 'Crédito imobiliário' },
  { taxonomy: 'category', slug: 'sem-categoria', name: 'Sem categoria' },
  { taxonomy: 'post_tag', slug: 'energia-solar', name: 'Energia solar' },
  { taxonomy: 'post_tag', slug: 'receitas', name: 'Receitas' },
  { taxonomy: 'nav_menu', slug: 'principal', name: 'Principal' },
];

const write = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'temas-')), 'temas.yaml');
  writeFileSync(path, text);
  return path;
};

describe('the themes map of the WordPress import', () => {
  it('proposes a theme by name or by a theme’s words, none for the rest, and ignores taxonomies that are not categories or tags', () => {
    const map = proposeThemes(terms);
    expect(Object.fromEntries(map)).toEqual({
      'category:decoracao': 'decoracao',
      'category:credito-imobiliario': 'financiamento',
      'category:sem-categoria': null,
      'post_tag:energia-solar': 'sustentabilidade',
      'post_tag:receitas': null,
    });
  });

  it('writes the proposal as a file that reads back to the same map', () => {
    const map = proposeThemes(terms);
    const text = themesFile(terms, map);
    expect(text).toContain('"credito-imobiliario": financiamento # Crédito imobiliário');
    const read = readThemesFile(write(text));
    expect(read).toEqual(map);
  });

  it('takes the developer’s edits and refuses a theme the site does not have, naming it', () => {
    const read = readThemesFile(write('categorias:\n  sem-categoria: mercado-imobiliario\ntags:\n  receitas: decoracao\n'));
    expect(read instanceof Map && Object.fromEntries(read)).toEqual({
      'category:sem-categoria': 'mercado-imobiliario',
      'post_tag:receitas': 'decoracao',
    });
    expect(readThemesFile(write('categorias:\n  noticias: politica\n'))).toEqual({
      problem: expect.stringContaining('"noticias" diz "politica", que não é um tema'),
    });
    expect(readThemesFile(write('categorias: [a'))).toEqual({ problem: expect.stringContaining('não é YAML válido') });
    expect(readThemesFile(join(tmpdir(), 'nao-existe', 'temas.yaml'))).toEqual({ problem: expect.stringContaining('não consegui ler') });
  });

  it('gives an article its themes once each, in the site’s order', () => {
    const map = proposeThemes(terms);
    const themes = themesOf(
      [
        { taxonomy: 'post_tag', slug: 'energia-solar' },
        { taxonomy: 'category', slug: 'decoracao' },
        { taxonomy: 'category', slug: 'sem-categoria' },
        { taxonomy: 'category', slug: 'decoracao' },
      ],
      map,
    );
    expect(themes).toEqual(['decoracao', 'sustentabilidade']);
  });
});
