import { describe, expect, it } from 'vitest';
import { cutProblems } from '#src/newsroom/shared/image-check.ts';

const jpeg = (width: number, height: number) => ({ format: 'jpeg', width, height, bytes: 500_000 });

describe('a main image of another shape, to be cut to 16:9 in the browser', () => {
  it('may be cut when its 16:9 part reaches 1200×675, tall or panoramic', () => {
    expect(cutProblems(jpeg(1200, 1600))).toEqual([]);
    expect(cutProblems(jpeg(4032, 3024))).toEqual([]);
    expect(cutProblems(jpeg(3000, 675))).toEqual([]);
  });

  it('is refused when its part would be smaller, in the sizes the journalist sees', () => {
    expect(cutProblems(jpeg(1199, 1600))).toEqual([
      {
        message: 'a imagem tem 1199×1600: recortada em 16:9, ficaria com 1199×674, menos que o mínimo de 1200×675',
        fix: 'use uma foto maior (o artigo a mostra com 1200 px de largura)',
      },
    ]);
    expect(cutProblems(jpeg(3000, 600))[0]?.message).toContain('ficaria com 1067×600');
  });

  it('says first what the site cannot take at all', () => {
    expect(cutProblems({ format: 'svg', width: 1600, height: 1200, bytes: 2_000 })[0]?.message).toBe(
      'a imagem está em SVG, formato que o site não aceita',
    );
    expect(cutProblems({ format: undefined, width: 0, height: 0, bytes: 10 })[0]?.message).toBe(
      'o arquivo não é uma imagem que o site consiga ler',
    );
  });
});
