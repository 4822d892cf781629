/**
 * Image files for the worker's tests, made in place: only their headers, which
 * is all the worker reads of an upload (it decodes nothing), followed by
 * `seed` so each test's file has its own content hash.
 */

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const seedBytes = (seed: string) => new TextEncoder().encode(seed);

/** A PNG's signature and IHDR chunk: `width`×`height`, 8-bit RGB. */
export function png(width: number, height: number, seed = ''): Uint8Array {
  const bytes = new Uint8Array(33);
  const view = new DataView(bytes.buffer);
  bytes.set([0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]);
  view.setUint32(8, 13);
  bytes.set(ascii('IHDR'), 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return concat(bytes, seedBytes(seed));
}

/** An extended WebP's RIFF header and VP8X chunk: `width`×`height`. */
export function webp(width: number, height: number, seed = ''): Uint8Array {
  const bytes = new Uint8Array(30);
  const view = new DataView(bytes.buffer);
  bytes.set(ascii('RIFF'));
  view.setUint32(4, 22, true);
  bytes.set(ascii('WEBPVP8X'), 8);
  view.setUint32(16, 10, true);
  const put24 = (at: number, value: number) => bytes.set([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff], at);
  put24(24, width - 1);
  put24(27, height - 1);
  return concat(bytes, seedBytes(seed));
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
}

/** An AVIF's `ftyp` box and the `meta` › `iprp` › `ipco` › `ispe` boxes that state its size: `width`×`height`. */
export function avif(width: number, height: number, seed = ''): Uint8Array {
  const box = (type: string, ...parts: Uint8Array[]) => {
    const size = 8 + parts.reduce((sum, part) => sum + part.byteLength, 0);
    const head = new Uint8Array(8);
    new DataView(head.buffer).setUint32(0, size);
    head.set(ascii(type), 4);
    return parts.reduce(concat, head);
  };
  const u32 = (...values: number[]) => {
    const bytes = new Uint8Array(values.length * 4);
    const view = new DataView(bytes.buffer);
    for (const [at, value] of values.entries()) view.setUint32(at * 4, value);
    return bytes;
  };
  const ftyp = box('ftyp', new Uint8Array(ascii('avif')), u32(0), new Uint8Array(ascii('avifmif1')));
  const ispe = box('ispe', u32(0, width, height));
  const meta = box('meta', u32(0), box('iprp', box('ipco', ispe)));
  return concat(concat(ftyp, meta), seedBytes(seed));
}
