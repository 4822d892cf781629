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
