/**
 * Draws the site's icons and its default link-preview image from the brand
 * mark (assets/favicon.svg), with sharp. Deterministic; the outputs are
 * committed in assets/. Run: node scripts/make-icons.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const mark = readFileSync('assets/favicon.svg', 'utf8');
const inner = mark.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const CREAM = '#fbfaf7';

/** The mark centred on a square background, `scale` of the side. */
function square(size, scale, background) {
  const pad = (64 / scale - 64) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-pad} ${-pad} ${64 + 2 * pad} ${64 + 2 * pad}"><rect x="${-pad}" y="${-pad}" width="100%" height="100%" fill="${background}"/>${inner}</svg>`;
}

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${CREAM}"/>
  <rect y="560" width="1200" height="70" fill="#0f5c5a"/>
  <g transform="translate(120 175) scale(3.4)">${inner}</g>
  <text x="400" y="300" font-family="DejaVu Serif" font-weight="bold" font-size="84" fill="#14191c">Casa em Pauta</text>
  <text x="404" y="372" font-family="DejaVu Sans" font-size="34" fill="#545e66">Imóveis, decoração e arquitetura</text>
  <text x="120" y="606" font-family="DejaVu Sans" font-size="26" fill="#ffffff">Notícias e análises para proprietários, investidores e profissionais</text>
</svg>`;

const outputs = [
  ['assets/apple-touch-icon.png', square(180, 0.8, CREAM)],
  ['assets/icon-192.png', square(192, 0.8, CREAM)],
  ['assets/icon-512.png', square(512, 0.8, CREAM)],
  // Maskable icons keep the mark inside the central 80% safe zone.
  ['assets/icon-maskable-512.png', square(512, 0.6, CREAM)],
  ['assets/og-image.png', og],
];
for (const [file, svg] of outputs) {
  const png = await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: !file.includes('og-') })
    .toBuffer();
  writeFileSync(file, png);
  console.log(`${file} ${png.byteLength} bytes`);
}
