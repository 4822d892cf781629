import { describe, expect, it } from 'vitest';
import { API_PATHS } from '#src/newsroom/api/wire.ts';
import { PATHS, pathTo, ROUTES } from '#src/newsroom/paths.ts';

describe("the newsroom's route table builds its links", () => {
  it('fills each parameter of the path, under /redacao, and nothing else', () => {
    expect(pathTo('drafts')).toBe('/redacao');
    expect(pathTo('revokeLink', { id: 'abc', link: 'xyz' })).toBe('/redacao/rascunhos/abc/links/xyz/revogar');
    expect(pathTo('restore', { id: 'abc', version: 3 })).toBe('/redacao/rascunhos/abc/revisoes/3');
    // A value is one path segment, whatever it holds.
    expect(pathTo('author', { slug: 'a/b?c' })).toBe('/redacao/autores/a%2Fb%3Fc');
    expect(PATHS.draft('abc')).toBe('/redacao/rascunhos/abc');
    expect(API_PATHS.publish).toBe('/redacao/api/publicar');
  });

  it('has no parameter left unfilled in any link', () => {
    const filled = (Object.keys(ROUTES) as (keyof typeof ROUTES)[]).map((name) =>
      pathTo(name, { id: 'i', link: 'l', version: 1, file: 'f', slug: 's' } as never),
    );
    for (const path of filled) expect(path).not.toContain(':');
  });

  it('refuses, in the typecheck, a route that does not exist or a parameter its path lacks', () => {
    // @ts-expect-error: no route has this name.
    expect(() => pathTo('rascunho-inexistente')).toThrow();
    // @ts-expect-error: the draft's path has no `slug`.
    expect(pathTo('draft', { slug: 'x' })).toBe('/redacao/rascunhos/undefined');
  });
});
