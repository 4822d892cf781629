import { describe, expect, it } from 'vitest';
import { isSafeTarget, oldAddressKey } from '../../../src/redirects/old-address.ts';

describe('the key of an old address', () => {
  it('is the same for a permalink however it is written: full URL or path, slashes, case, encoding, composed or not', () => {
    const key = '/2019/05/casa-de-praia-em-são-paulo';
    for (const address of [
      'https://antigo.example.com/2019/05/casa-de-praia-em-são-paulo/',
      'http://www.antigo.example.com/2019/05/casa-de-praia-em-s%C3%A3o-paulo',
      '/2019//05/Casa-de-Praia-em-S%C3%A3o-Paulo///',
      '/2019/05/casa-de-praia-em-sa\u0303o-paulo/',
      '/2019/05/casa-de-praia-em-são-paulo/?utm_source=whatsapp#comentarios',
    ]) {
      expect(oldAddressKey(address), address).toBe(key);
    }
  });

  it('names a post by its ID as /?p=<id>, whichever of WordPress’s three parameters', () => {
    expect(oldAddressKey('https://antigo.example.com/?p=123')).toBe('/?p=123');
    expect(oldAddressKey('/?page_id=123&preview=true')).toBe('/?p=123');
    expect(oldAddressKey('/index.php?attachment_id=0123')).toBe('/?p=123');
    expect(oldAddressKey('/?p=12a')).toBe('/');
    expect(oldAddressKey('/outra-pagina?p=123')).toBe('/outra-pagina');
  });

  it('takes an upload’s copies to the original: sizes, -scaled, -rotated, an edit’s stamp, and a copy of a copy', () => {
    for (const copy of [
      'foto-1024x576.jpg',
      'foto-scaled.jpg',
      'foto-rotated.jpg',
      'foto-e1612345678901.jpg',
      'foto-e1612345678901-300x169.jpg',
    ]) {
      expect(oldAddressKey(`https://antigo.example.com/wp-content/uploads/2019/05/${copy}`), copy).toBe(
        '/wp-content/uploads/2019/05/foto.jpg',
      );
    }
    expect(oldAddressKey('/wp-content/uploads/2019/05/planta-baixa.png')).toBe('/wp-content/uploads/2019/05/planta-baixa.png');
  });

  it('takes a listing’s page, feed, AMP and embed views to the listing', () => {
    expect(oldAddressKey('/category/decoracao/page/3/')).toBe('/category/decoracao');
    expect(oldAddressKey('/category/decoracao/feed/')).toBe('/category/decoracao');
    expect(oldAddressKey('/2019/05/casa/amp/')).toBe('/2019/05/casa');
    expect(oldAddressKey('/2019/05/casa/embed')).toBe('/2019/05/casa');
    expect(oldAddressKey('/feed/')).toBe('/feed');
  });

  it('is null for what is no address: bad encoding, control characters, a backslash, too long, another scheme', () => {
    for (const address of ['/casa-%E0%A4%A', '/casa%00', '/casa%5C..', `/${'a'.repeat(2001)}`, 'javascript:alert(1)', 'mailto:a@b.c']) {
      expect(oldAddressKey(address), address.slice(0, 40)).toBeNull();
    }
  });
});

describe('a redirect’s target, read back from a store', () => {
  it('must be a path of this site and nothing else', () => {
    for (const good of ['/noticia/casa', '/busca?q=reforma%20de%20cozinha', '/tema/decoracao', '/thumbnails/casa-0123456789.jpg']) {
      expect(isSafeTarget(good), good).toBe(true);
    }
    for (const bad of [
      '/noticia/€',
      '/noticia/\u0085',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/noticia/a b',
      '/a\u0000',
      '',
      42,
      null,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(isSafeTarget(bad), String(bad).slice(0, 30)).toBe(false);
    }
  });
});
