import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveUpload } from '../../../../scripts/content/import/uploads';

/**
 * A copy of a WordPress uploads folder as sites leave them: originals beside
 * the copies WordPress resized, scaled down and turned upright, a multisite's
 * folder, accented and spaced names, and a link pointing outside it.
 */
let root: string;
let uploads: string;
const HOSTS = ['casaempauta.com.br'];

/** Any bytes: only the files' names matter here, except where a test writes a real picture. */
const write = (path: string, bytes: Buffer | string = 'x') => {
  mkdirSync(dirname(join(uploads, path)), { recursive: true });
  writeFileSync(join(uploads, path), bytes);
};

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'uploads-')));
  uploads = join(root, 'uploads');
  for (const file of [
    '2019/05/sala.jpg',
    '2019/05/sala-1024x576.jpg',
    '2019/05/sala-300x169.jpg',
    '2020/01/fachada.jpg',
    '2020/01/fachada-scaled.jpg',
    '2020/01/fachada-1024x683.jpg',
    '2020/02/quarto-scaled.jpg',
    '2020/02/quarto-1024x683.jpg',
    '2020/03/cozinha.jpg',
    '2020/03/cozinha-rotated.jpg',
    '2020/04/só-a-cópia-800x450.jpg',
    '2020/05/planta-e1612345678901.jpg',
    '2020/05/planta-e1612345678901-1024x576.jpg',
    '2020/05/planta.jpg',
    '2021/06/foto sala.jpg',
    '2021/06/decoração-são-paulo.jpg',
    '2021/06/Varanda.JPG',
    '2021/06/Banho.jpg',
    '2021/06/banho.jpg',
    'sites/2/2022/03/jardim.jpg',
    'sites/2/2022/03/jardim-768x432.jpg',
  ])
    write(file);
  // A Mac's copy stores accents decomposed.
  write('2021/07/varanda-gourmet-a\u0301rea.jpg');
  // A lot's size in the name of an original: 12×30 metres, not a copy of 12×30 px.
  write(
    '2021/08/terreno-12x30.jpg',
    await sharp({ create: { width: 40, height: 20, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer(),
  );
  write('2021/08/terreno.jpg');
  write('../segredo.jpg');
  symlinkSync(join(root, 'segredo.jpg'), join(uploads, '2019/05/atalho.jpg'));
  symlinkSync(join(uploads, '2019/05/sala.jpg'), join(uploads, '2019/05/atalho-interno.jpg'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const resolve = (url: string) => resolveUpload(uploads, url, HOSTS);
const found = (path: string, via: string) => ({ path: join(uploads, path), via });

describe('resolveUpload finds the file of every address form WordPress writes', () => {
  it.each([
    'https://casaempauta.com.br/wp-content/uploads/2019/05/sala.jpg',
    'http://casaempauta.com.br/wp-content/uploads/2019/05/sala.jpg',
    'https://www.casaempauta.com.br/wp-content/uploads/2019/05/sala.jpg',
    'https://WWW.CasaEmPauta.com.br/wp-content/uploads/2019/05/sala.jpg',
    '//casaempauta.com.br/wp-content/uploads/2019/05/sala.jpg',
    '/wp-content/uploads/2019/05/sala.jpg',
    'wp-content/uploads/2019/05/sala.jpg',
    '2019/05/sala.jpg',
    'https://casaempauta.com.br/blog/wp-content/uploads/2019/05/sala.jpg',
    'https://casaempauta.com.br/wp-content/uploads/2019/05/sala.jpg?ver=2',
    'https://casaempauta.com.br/wp-content/uploads/2019/05/sala.jpg#foto',
    '  https://casaempauta.com.br/wp-content/uploads/2019/05/sala.jpg\n',
  ])('%s', (url) => {
    expect(resolve(url)).toEqual(found('2019/05/sala.jpg', 'exact'));
  });

  it.each([
    'https://i0.wp.com/casaempauta.com.br/wp-content/uploads/2019/05/sala-1024x576.jpg?resize=1024%2C576&ssl=1',
    'https://i2.wp.com/www.casaempauta.com.br/wp-content/uploads/2019/05/sala.jpg?w=1200',
  ])('through Jetpack’s CDN: %s', (url) => {
    expect(resolve(url)).toMatchObject({ path: join(uploads, '2019/05/sala.jpg') });
  });

  it('takes the hosts as given, with a scheme or www', () => {
    const url = 'https://casaempauta.com.br/wp-content/uploads/2019/05/sala.jpg';
    expect(resolveUpload(uploads, url, ['https://www.casaempauta.com.br/'])).toEqual(found('2019/05/sala.jpg', 'exact'));
  });

  it('decodes percent-encoded names, spaces and accents', () => {
    expect(resolve('/wp-content/uploads/2021/06/foto%20sala.jpg')).toEqual(found('2021/06/foto sala.jpg', 'exact'));
    expect(resolve('/wp-content/uploads/2021/06/decora%C3%A7%C3%A3o-s%C3%A3o-paulo.jpg')).toEqual(
      found('2021/06/decoração-são-paulo.jpg', 'exact'),
    );
    expect(resolve('/wp-content/uploads/2021/06/decoração-são-paulo.jpg')).toEqual(found('2021/06/decoração-são-paulo.jpg', 'exact'));
  });

  it('matches an accent stored decomposed (a Mac’s copy) to the same accent composed', () => {
    expect(resolve('/wp-content/uploads/2021/07/varanda-gourmet-%C3%A1rea.jpg')).toEqual(
      found('2021/07/varanda-gourmet-a\u0301rea.jpg', 'exact'),
    );
  });

  it('matches a name in another case only when one file does', () => {
    expect(resolve('/wp-content/uploads/2021/06/varanda.jpg')).toEqual(found('2021/06/Varanda.JPG', 'exact'));
    expect(resolve('/wp-content/uploads/2021/06/BANHO.jpg')).toHaveProperty('missing');
    expect(resolve('/wp-content/uploads/2021/06/banho.jpg')).toEqual(found('2021/06/banho.jpg', 'exact'));
  });

  it('finds a multisite’s image in the whole uploads folder or in a copy of that site’s own', () => {
    expect(resolve('https://casaempauta.com.br/wp-content/uploads/sites/2/2022/03/jardim-768x432.jpg')).toEqual(
      found('sites/2/2022/03/jardim.jpg', 'original'),
    );
    expect(resolveUpload(join(uploads, 'sites/2'), '/wp-content/uploads/sites/2/2022/03/jardim.jpg', HOSTS)).toEqual(
      found('sites/2/2022/03/jardim.jpg', 'exact'),
    );
  });
});

describe('resolveUpload prefers the original upload', () => {
  it('over a resized copy', () => {
    expect(resolve('/wp-content/uploads/2019/05/sala-1024x576.jpg')).toEqual(found('2019/05/sala.jpg', 'original'));
    expect(resolve('/wp-content/uploads/2019/05/sala-300x169.jpg?ver=3')).toEqual(found('2019/05/sala.jpg', 'original'));
  });

  it('over the -scaled copy WordPress keeps beside a large one, and takes that copy when the original is gone', () => {
    expect(resolve('/wp-content/uploads/2020/01/fachada-scaled.jpg')).toEqual(found('2020/01/fachada.jpg', 'original'));
    expect(resolve('/wp-content/uploads/2020/01/fachada-1024x683.jpg')).toEqual(found('2020/01/fachada.jpg', 'original'));
    expect(resolve('/wp-content/uploads/2020/02/quarto-1024x683.jpg')).toEqual(found('2020/02/quarto-scaled.jpg', 'scaled'));
    expect(resolve('/wp-content/uploads/2020/02/quarto-scaled.jpg')).toEqual(found('2020/02/quarto-scaled.jpg', 'scaled'));
  });

  it('over the -rotated copy (the import turns the original upright itself)', () => {
    expect(resolve('/wp-content/uploads/2020/03/cozinha-rotated.jpg')).toEqual(found('2020/03/cozinha.jpg', 'original'));
  });

  it('keeps an edited image, not the file before the edit, which is not what the post showed', () => {
    expect(resolve('/wp-content/uploads/2020/05/planta-e1612345678901-1024x576.jpg')).toEqual(
      found('2020/05/planta-e1612345678901.jpg', 'original'),
    );
  });

  it('falls back to the resized copy named when nothing better is left', () => {
    expect(resolve('/wp-content/uploads/2020/04/s%C3%B3-a-c%C3%B3pia-800x450.jpg')).toEqual(
      found('2020/04/só-a-cópia-800x450.jpg', 'copy'),
    );
  });

  it('takes a name that looks like a copy’s but is not of that size as an original', () => {
    expect(resolve('/wp-content/uploads/2021/08/terreno-12x30.jpg')).toEqual(found('2021/08/terreno-12x30.jpg', 'exact'));
  });
});

describe('resolveUpload says why a file is missing', () => {
  it('when the image is another site’s', () => {
    expect(resolve('https://images.unsplash.com/photo-123.jpg?w=800')).toEqual({
      missing: 'imagem de outro site (images.unsplash.com): não está na pasta uploads',
    });
    expect(resolve('https://i0.wp.com/outro.com.br/wp-content/uploads/2019/05/sala.jpg')).toEqual({
      missing: 'imagem de outro site (outro.com.br): não está na pasta uploads',
    });
  });

  it('when no file of that name, nor its original, is there', () => {
    expect(resolve('/wp-content/uploads/2019/05/nada-1024x576.jpg')).toEqual({
      missing: 'o arquivo não está na pasta uploads, nem o original: 2019/05/nada-1024x576.jpg',
    });
    expect(resolve('/wp-content/uploads/2030/01/sala.jpg')).toHaveProperty('missing');
  });

  it('when the address is not of the uploads folder, or not of the web', () => {
    expect(resolve('https://casaempauta.com.br/?attachment_id=12')).toHaveProperty('missing');
    expect(resolve('file:///etc/passwd')).toHaveProperty('missing');
    expect(resolve('/etc/passwd')).toHaveProperty('missing');
    expect(resolve('data:image/png;base64,AAAA')).toHaveProperty('missing');
  });
});

describe('resolveUpload never leaves the uploads folder', () => {
  it.each([
    '/wp-content/uploads/../segredo.jpg',
    '/wp-content/uploads/2019/../../segredo.jpg',
    '/wp-content/uploads/%2e%2e/segredo.jpg',
    '/wp-content/uploads/2019/..%2F..%2Fsegredo.jpg',
    '/wp-content/uploads/2019%2F..%2F..%2Fsegredo.jpg',
    '../segredo.jpg',
    '/wp-content/uploads//etc/passwd',
  ])('%s', (url) => {
    expect(resolve(url)).toHaveProperty('missing');
  });

  it('refuses a link that points outside, and follows one that stays inside', () => {
    expect(resolve('/wp-content/uploads/2019/05/atalho.jpg')).toEqual({
      missing: 'o arquivo aponta para fora da pasta uploads: 2019/05/atalho.jpg',
    });
    expect(resolve('/wp-content/uploads/2019/05/atalho-interno.jpg')).toEqual(found('2019/05/atalho-interno.jpg', 'exact'));
  });
});
