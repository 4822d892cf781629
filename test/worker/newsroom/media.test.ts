import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '#src/app.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import { mediaKey } from '#src/newsroom/media/media-store.ts';
import { publishedImages } from '#src/newsroom/media/published-images.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '#src/newsroom/shared/names.ts';
import { png, webp } from './media-fixtures';
import { ACCESS_ENV, accessToken, addPerson, CHIEF, newsroomRequest, ORIGIN, serveTeamKeys, XSRF } from './newsroom-helpers';

const ALT = 'Sala pequena com sofá, espelho redondo e prateleiras';

// The team's keys, served for this file's tests; the chief's token signed with them.
const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);

async function newDraft(token: string): Promise<string> {
  const response = await newsroomRequest('/redacao/rascunhos', { method: 'POST', token });
  expect(response.status).toBe(303);
  return response.headers.get('Location')!;
}

type Files = Record<string, Uint8Array | string>;

/** A main image's upload as the browser sends it: 1600×900 PNG, its three WebP variants at 16:9, its 1200×630 share image. */
function mainImage(seed: string, overrides: Files = {}): Files {
  return {
    tipo: 'principal',
    alt: ALT,
    arquivo: png(1600, 900, seed),
    'variante-480': webp(480, 270, seed),
    'variante-800': webp(800, 450, seed),
    'variante-1200': webp(1200, 675, seed),
    compartilhar: webp(1200, 630, seed),
    ...overrides,
  };
}

interface Upload {
  token?: string;
  xsrf?: boolean;
  origin?: string;
}

/** Posts a multipart upload to the draft at `path`, as the newsroom's script does (the anti-forgery header, the page's origin). */
async function upload(path: string, files: Files, { token = chief, xsrf = true, origin = ORIGIN }: Upload = {}): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(files)) {
    if (typeof value === 'string') body.set(name, value);
    else body.set(name, new Blob([value as Uint8Array<ArrayBuffer>]), name);
  }
  const headers = new Headers({ 'Cf-Access-Jwt-Assertion': token, Origin: origin, Accept: 'application/json' });
  if (xsrf) {
    headers.set('Cookie', `${XSRF_COOKIE}=${XSRF}`);
    headers.set(XSRF_HEADER, XSRF);
  }
  return app.request(`${ORIGIN}${path}/imagens`, { method: 'POST', headers, body }, { ...env, ...ACCESS_ENV });
}

const stored = async (file: string) => env.MEDIA.head(mediaKey(file));
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe('uploading a draft’s images', () => {
  it('stores the image and its variants under its content hash, and the newsroom serves them back', async () => {
    const path = await newDraft(chief);
    const files = mainImage('guarda');
    const response = await upload(path, files);
    expect(response.status).toBe(201);
    const { name, thumbnail } = (await response.json()) as { name: string; thumbnail: string };
    const hash = contentHash(files.arquivo as Uint8Array);
    expect(name).toBe(`${hash}.png`);
    expect(thumbnail).toBe(`/redacao/midia/${hash}-480w.webp`);
    for (const file of [name, `${hash}-480w.webp`, `${hash}-800w.webp`, `${hash}-1200w.webp`, `${hash}-1200x630.webp`])
      expect(await stored(file)).not.toBeNull();

    const image = await newsroomRequest(`/redacao/midia/${name}`, { token: chief });
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(image.headers.get('Cache-Control')).toBe('no-store');
    expect(image.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(files.arquivo);
    const variant = await newsroomRequest(thumbnail, { token: chief });
    expect(variant.headers.get('Content-Type')).toBe('image/webp');
    const share = await newsroomRequest(`/redacao/midia/${hash}-1200x630.webp`, { token: chief });
    expect(share.status).toBe(200);
    expect(new Uint8Array(await share.arrayBuffer())).toEqual(files.compartilhar);
  });

  it('refuses whoever is not in the newsroom, and a colaborador on a colleague’s draft; stores nothing', async () => {
    const path = await newDraft(chief);
    const stranger = await accessToken(keys, 'alguem@exemplo.com');
    const outside = await upload(path, mainImage('estranho'), { token: stranger });
    expect(outside.status).toBe(403);
    await addPerson('colab-midia@casaempauta.com.br', 'colaborador');
    const colaborador = await accessToken(keys, 'colab-midia@casaempauta.com.br');
    const colleague = await upload(path, mainImage('colega'), { token: colaborador });
    expect(colleague.status).toBe(403);
    expect(await colleague.text()).toContain('Colaboradores põem imagens só nos próprios rascunhos');
    for (const seed of ['estranho', 'colega']) expect(await stored(`${contentHash(png(1600, 900, seed))}.png`)).toBeNull();
    // Their own draft takes it.
    const own = await newDraft(colaborador);
    expect((await upload(own, mainImage('colega'), { token: colaborador })).status).toBe(201);
  });

  it('refuses an upload without the anti-forgery pair, or from another site', async () => {
    const path = await newDraft(chief);
    expect((await upload(path, mainImage('sem-par'), { xsrf: false })).status).toBe(403);
    expect((await upload(path, mainImage('outro-site'), { origin: 'https://exemplo.com' })).status).toBe(403);
    for (const seed of ['sem-par', 'outro-site']) expect(await stored(`${contentHash(png(1600, 900, seed))}.png`)).toBeNull();
  });

  it('answers an upload past the size limit with 413 and a pt-BR reason', async () => {
    const path = await newDraft(chief);
    const response = await upload(path, mainImage('grande', { arquivo: png(1600, 900, 'x'.repeat(6 * 1024 * 1024)) }));
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toContain('passa do tamanho que a redação aceita');
  });

  it.each([
    [
      'a text file that claims to be an image',
      { arquivo: new TextEncoder().encode('isto não é uma imagem') },
      'o arquivo não é uma imagem que o site consiga ler',
    ],
    [
      'an SVG (a page with script, not a picture)',
      {
        arquivo: new TextEncoder().encode(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><script>alert(1)</script></svg>',
        ),
      },
      'a imagem está em SVG',
    ],
    ['a main image that is not 16:9', { arquivo: png(1600, 1200, '4x3') }, 'recorte-a em 16:9 (nesta imagem, 1600×900'],
    ['a main image smaller than 1200×675', { arquivo: png(960, 540, 'pequena') }, 'o mínimo é 1200×675'],
    ['a main image the browser did not reduce', { arquivo: png(3200, 1800, 'enorme') }, 'o máximo é 2400×1350'],
    ['no text alternative', { alt: '  ' }, 'falta o texto alternativo'],
    ['no file', { arquivo: '' }, 'nenhum arquivo veio no envio'],
    ['a variant that is not WebP', { 'variante-800': png(800, 450, 'v') }, 'a cópia de 800 px não é WebP'],
    ['a variant of the wrong size', { 'variante-480': webp(480, 360, 'v') }, 'a cópia de 480 px tem 480×360'],
    ['a variant missing', { 'variante-1200': '' }, 'falta a cópia de 1200 px'],
    ['a main image without its share image', { compartilhar: '' }, 'falta a cópia para compartilhar'],
    ['a share image of the 16:9 size', { compartilhar: webp(1200, 675, 's') }, 'a cópia de 1200×630 para compartilhar tem 1200×675'],
    ['a share image that is not WebP', { compartilhar: png(1200, 630, 's') }, 'a cópia de 1200×630 para compartilhar não é WebP'],
    ['no kind of image', { tipo: 'capa' }, 'se é a imagem principal ou uma imagem do texto'],
  ])('refuses %s with 400 and a reason in the journalist’s terms', async (_, overrides, reason) => {
    const path = await newDraft(chief);
    const response = await upload(path, mainImage('recusada', overrides as Files));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toContain(reason);
  });

  it('answers a multipart body that does not parse with 400, not 500', async () => {
    const path = await newDraft(chief);
    const response = await app.request(
      `${ORIGIN}${path}/imagens`,
      {
        method: 'POST',
        headers: {
          'Cf-Access-Jwt-Assertion': chief,
          Origin: ORIGIN,
          'Content-Type': 'multipart/form-data; boundary=fronteira',
          Cookie: `${XSRF_COOKIE}=${XSRF}`,
          [XSRF_HEADER]: XSRF,
        },
        body: '--fronteira\r\nContent-Disposition: form-data; name="arquivo"; filename="x.png"\r\n\r\ncortado no meio',
      },
      { ...env, ...ACCESS_ENV },
    );
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toContain('o envio chegou incompleto');
  });

  it('takes a figure in its own shape, with variants no wider than it', async () => {
    const path = await newDraft(chief);
    const response = await upload(path, {
      tipo: 'figura',
      alt: 'Planta baixa do apartamento de dois quartos',
      arquivo: webp(1000, 1500, 'planta'),
      'variante-480': webp(480, 720, 'planta'),
      'variante-800': webp(800, 1200, 'planta'),
      'variante-1200': webp(1000, 1500, 'planta-1200'),
    });
    expect(response.status).toBe(201);
  });

  it('answers a bad upload to a draft that does not exist with 404', async () => {
    expect((await upload('/redacao/rascunhos/nao-existe', mainImage('ninguem'))).status).toBe(404);
  });
});

describe('the draft names its images, and the form shows them', () => {
  it('keeps the main image’s name in the draft, shows its thumbnail and the text’s images', async () => {
    const path = await newDraft(chief);
    const main = (await (await upload(path, mainImage('formulario'))).json()) as { name: string };
    const figure = `${contentHash(webp(900, 600, 'fig'))}.webp`;
    const body = `Primeiro parágrafo.\n\n![Cozinha integrada](imagens/${figure})\n`;
    const save = await newsroomRequest(path, {
      method: 'POST',
      token: chief,
      accept: 'application/json',
      form: { versao: '1', imagem: main.name, corpo: body },
    });
    expect(save.status).toBe(200);
    const page = await (await newsroomRequest(path, { token: chief })).text();
    expect(page).toContain(`src="/redacao/midia/${main.name.replace('.png', '-480w.webp')}"`);
    expect(page).toMatch(new RegExp(`name="imagem" value="${main.name}"`));
    expect(page).toContain(`src="/redacao/midia/${figure.replace('.webp', '-480w.webp')}"`);
  });

  it('previews the link with the main image’s share image, or its 800 px variant when it has none (uploaded before)', async () => {
    const path = await newDraft(chief);
    const main = (await (await upload(path, mainImage('previa'))).json()) as { name: string };
    const save = await newsroomRequest(path, {
      method: 'POST',
      token: chief,
      accept: 'application/json',
      form: { versao: '1', imagem: main.name, corpo: '' },
    });
    expect(save.status).toBe(200);
    const cardSources = async () =>
      [...(await (await newsroomRequest(path, { token: chief })).text()).matchAll(/data-share-image="\w+" src="([^"]+)"/g)].map(
        (m) => m[1],
      );
    const share = main.name.replace('.png', '-1200x630.webp');
    expect(await cardSources()).toEqual(Array(3).fill(`/redacao/midia/${share}`));
    await env.MEDIA.delete(mediaKey(share));
    expect(await cardSources()).toEqual(Array(3).fill(`/redacao/midia/${main.name.replace('.png', '-800w.webp')}`));
  });

  it('refuses a main image field that names no uploaded image', async () => {
    const path = await newDraft(chief);
    const save = await newsroomRequest(path, {
      method: 'POST',
      token: chief,
      accept: 'application/json',
      form: { versao: '1', imagem: '../../segredo.png', corpo: '' },
    });
    expect(save.status).toBe(400);
    expect(await errorOf(save)).toContain('a imagem principal não é uma das enviadas à redação');
  });

  it('serves only uploaded names: anything else is the newsroom’s 404', async () => {
    for (const file of ['0123456789.png', 'nada.png', '0123456789-300w.webp', '0123456789-1200x675.webp']) {
      const response = await newsroomRequest(`/redacao/midia/${file}`, { token: chief });
      expect(response.status).toBe(404);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
    // An encoded slash never reaches the newsroom: the site refuses the path first.
    expect((await newsroomRequest('/redacao/midia/..%2Fsegredo.png', { token: chief })).status).toBe(400);
    const stranger = await accessToken(keys, 'alguem@exemplo.com');
    expect((await newsroomRequest('/redacao/midia/0123456789.png', { token: stranger })).status).toBe(403);
  });
});

describe('reading a draft’s images back for publishing', () => {
  it('gives the image, its variants and the figures under their published names, read from R2', async () => {
    const path = await newDraft(chief);
    const main = (await (await upload(path, mainImage('publicar'))).json()) as { name: string };
    const figureFile = webp(1000, 500, 'figura-publicar');
    const figure = (await (
      await upload(path, {
        tipo: 'figura',
        alt: 'Varanda com rede e plantas pendentes',
        arquivo: figureFile,
        'variante-480': webp(480, 240, 'a'),
        'variante-800': webp(800, 400, 'b'),
        'variante-1200': webp(1000, 500, 'c'),
      })
    ).json()) as { name: string };
    const result = await publishedImages(env.MEDIA, 'casa-nova', { image: main.name, figures: [figure.name] });
    if (!result.ok) throw new Error(`missing ${result.missing.join(', ')}`);
    const { image, variants, figures } = result.images;
    const mainHash = main.name.slice(0, 10);
    const figureHash = figure.name.slice(0, 10);
    expect(image.key).toBe(`thumbnails/casa-nova-${mainHash}.png`);
    expect(image.bytes).toEqual(png(1600, 900, 'publicar'));
    expect(variants.map((variant) => variant.key)).toEqual([
      `thumbnails/casa-nova-${mainHash}-480w.webp`,
      `thumbnails/casa-nova-${mainHash}-800w.webp`,
      `thumbnails/casa-nova-${mainHash}-1200w.webp`,
      `thumbnails/casa-nova-${mainHash}-1200x630.webp`,
      `thumbnails/casa-nova-${figureHash}-480w.webp`,
      `thumbnails/casa-nova-${figureHash}-800w.webp`,
      `thumbnails/casa-nova-${figureHash}-1200w.webp`,
    ]);
    expect(variants[0]?.value).toEqual(webp(480, 270, 'publicar'));
    expect(variants[3]?.value).toEqual(webp(1200, 630, 'publicar'));
    expect(figures).toEqual([{ file: `casa-nova-${figureHash}.webp`, key: `thumbnails/casa-nova-${figureHash}.webp`, bytes: figureFile }]);
  });

  it('publishes a main image stored before share images were made without one, and names none missing', async () => {
    const path = await newDraft(chief);
    const main = (await (await upload(path, mainImage('antiga'))).json()) as { name: string };
    const share = main.name.replace('.png', '-1200x630.webp');
    await env.MEDIA.delete(mediaKey(share));
    const result = await publishedImages(env.MEDIA, 'casa-antiga', { image: main.name, figures: [] });
    if (!result.ok) throw new Error(`missing ${result.missing.join(', ')}`);
    expect(result.images.variants.map((variant) => variant.key)).not.toContain(`thumbnails/casa-antiga-${share}`);
    expect(result.images.variants).toHaveLength(3);
  });

  it('names what is missing, or not what its name says, and returns nothing', async () => {
    const path = await newDraft(chief);
    const main = (await (await upload(path, mainImage('adulterada'))).json()) as { name: string };
    await env.MEDIA.put(mediaKey(main.name), png(1600, 900, 'outra coisa'));
    const result = await publishedImages(env.MEDIA, 'casa-nova', { image: main.name, figures: ['abcdef0123.webp'] });
    expect(result).toEqual({
      ok: false,
      missing: [main.name, 'abcdef0123.webp', 'abcdef0123-480w.webp', 'abcdef0123-800w.webp', 'abcdef0123-1200w.webp'],
    });
  });
});
