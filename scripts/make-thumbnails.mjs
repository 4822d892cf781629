/**
 * make-thumbnails.mjs
 *
 * Builds the article thumbnails of "Casa em Pauta" as flat editorial vector
 * illustrations. Every scene is composed in code as an SVG string (no text,
 * no photos, no external artwork) and rendered with sharp to
 *   content/<slug>/imagem.webp   (1200x675, WebP quality 72)
 *
 * Deterministic and idempotent: there is no unseeded randomness (scattered
 * details use a fixed-seed PRNG) and existing files are simply overwritten.
 *
 * Run from the repository root:
 *   node_modules/.bin/node scripts/make-thumbnails.mjs
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'content');
const W = 1200;
const H = 675;
const QUALITY = 72;

/* ------------------------------------------------------------------------ */
/* Palette                                                                   */
/* ------------------------------------------------------------------------ */

const C = {
  cream: '#f6eee1',
  paper: '#fffaf2',
  sand: '#e6d2b0',
  sandDeep: '#d2b285',
  blush: '#eec3ad',
  terracotta: '#c8553d',
  terraLight: '#e07f62',
  terraDark: '#9a3e2b',
  mustard: '#e2a545',
  mustardDark: '#b97f27',
  teal: '#0f5c5a',
  tealDark: '#0a4443',
  tealMid: '#2e7f75',
  tealLight: '#9ccabd',
  sage: '#a7c49a',
  sageDark: '#6f9a6a',
  navy: '#1d2d46',
  navyMid: '#33496b',
  slate: '#8a9bb0',
  wood: '#b9855a',
  woodLight: '#d6ad80',
};

/** Linear mix of two #rrggbb colours (t = 0 → a, t = 1 → b). */
function mix(a, b, t) {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return (
    '#' +
    pa
      .map((v, i) =>
        Math.round(v + (pb[i] - v) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
const tint = (c, t) => mix(c, '#ffffff', t);
const shade = (c, t) => mix(c, '#000000', t);

/* ------------------------------------------------------------------------ */
/* SVG primitives                                                            */
/* ------------------------------------------------------------------------ */

const r2 = (n) => Math.round(n * 100) / 100;

function attrs(o) {
  return Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}="${typeof v === 'number' ? r2(v) : v}"`)
    .join(' ');
}
const join = (inner) => (Array.isArray(inner) ? inner.flat(Infinity).join('') : inner);
const el = (tag, a, inner) => (inner === undefined ? `<${tag} ${attrs(a)}/>` : `<${tag} ${attrs(a)}>${join(inner)}</${tag}>`);

const rect = (x, y, width, height, fill, o = {}) => el('rect', { x, y, width, height, fill, ...o });
const circle = (cx, cy, r, fill, o = {}) => el('circle', { cx, cy, r, fill, ...o });
const ellipse = (cx, cy, rx, ry, fill, o = {}) => el('ellipse', { cx, cy, rx, ry, fill, ...o });
const pts = (list) => list.map(([x, y]) => `${r2(x)},${r2(y)}`).join(' ');
const poly = (list, fill, o = {}) => el('polygon', { points: pts(list), fill, ...o });
const pathEl = (d, fill, o = {}) => el('path', { d, fill, ...o });
const line = (x1, y1, x2, y2, stroke, strokeWidth = 2, o = {}) =>
  el('line', { x1, y1, x2, y2, stroke, strokeWidth, strokeLinecap: 'round', ...o });
const polyline = (list, stroke, strokeWidth, o = {}) =>
  el('polyline', { points: pts(list), fill: 'none', stroke, strokeWidth, strokeLinecap: 'round', strokeLinejoin: 'round', ...o });
const g = (inner, o = {}) => el('g', o, inner);
const tr = (x, y, rot = 0, s = 1) => `translate(${r2(x)} ${r2(y)})${rot ? ` rotate(${r2(rot)})` : ''}${s !== 1 ? ` scale(${r2(s)})` : ''}`;

/** Unique ids for clip paths / gradients (counter → deterministic). */
let idCounter = 0;
const uid = (p) => `${p}${++idCounter}`;

/** Draws `inner` clipped to the given shape markup; returns markup. */
function clipped(shapeMarkup, inner) {
  const id = uid('clip');
  return `<defs><clipPath id="${id}">${shapeMarkup}</clipPath></defs>${g(inner, { clipPath: `url(#${id})` })}`;
}

/** Vertical linear gradient definition; returns { def, fill }. */
function vGradient(stops) {
  const id = uid('grad');
  const s = stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('');
  return { def: `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${s}</linearGradient></defs>`, fill: `url(#${id})` };
}

/** Soft radial glow (colour fading to transparent). */
function glow(cx, cy, r, color, opacity = 0.5) {
  const id = uid('glow');
  return (
    `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs>` +
    circle(cx, cy, r, `url(#${id})`)
  );
}

/** Seeded PRNG (mulberry32) so that scattered details never change between runs. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function svgDoc(inner) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${join(inner)}</svg>`;
}

/* ------------------------------------------------------------------------ */
/* Recurring shapes                                                          */
/* ------------------------------------------------------------------------ */

/** Window with frame, glass, mullions and a soft diagonal glare. */
function windowPane(x, y, w, h, { frame = C.paper, glass = C.tealLight, cols = 2, rows = 2, fw = 6, glare = true, sill = null } = {}) {
  const out = [rect(x, y, w, h, frame, { rx: 3 }), rect(x + fw, y + fw, w - 2 * fw, h - 2 * fw, glass)];
  if (glare) {
    const gx = x + fw,
      gy = y + fw,
      gw = w - 2 * fw,
      gh = h - 2 * fw;
    out.push(
      clipped(rect(gx, gy, gw, gh, '#000'), [
        poly(
          [
            [gx + gw * 0.15, gy + gh],
            [gx + gw * 0.42, gy + gh],
            [gx + gw * 1.0, gy],
            [gx + gw * 0.73, gy],
          ],
          '#ffffff',
          { opacity: 0.28 },
        ),
        poly(
          [
            [gx + gw * 0.5, gy + gh],
            [gx + gw * 0.58, gy + gh],
            [gx + gw * 1.1, gy + gh * 0.1],
            [gx + gw * 1.02, gy + gh * 0.1],
          ],
          '#ffffff',
          { opacity: 0.2 },
        ),
      ]),
    );
  }
  for (let c = 1; c < cols; c++) out.push(rect(x + (w * c) / cols - fw / 4, y, fw / 2, h, frame));
  for (let r = 1; r < rows; r++) out.push(rect(x, y + (h * r) / rows - fw / 4, w, fw / 2, frame));
  if (sill) out.push(rect(x - 6, y + h - 2, w + 12, 8, sill, { rx: 2 }));
  return out;
}

/** Gabled house; (x, y) is the bottom-left corner on the ground. */
function house({
  x,
  y,
  w,
  h,
  roofH = w * 0.42,
  overhang = w * 0.06,
  wall = C.paper,
  wallShade = null,
  roof = C.terracotta,
  door = C.teal,
  glass = C.tealLight,
  frame = C.paper,
  chimney = true,
  windows = 'two',
}) {
  const top = y - h;
  const out = [];
  if (chimney) out.push(rect(x + w * 0.66, top - roofH * 0.92, w * 0.09, roofH * 0.7, shade(roof, 0.2)));
  out.push(rect(x, top, w, h, wall));
  out.push(rect(x, top, w, h * 0.07, wallShade ?? shade(wall, 0.08)));
  out.push(
    poly(
      [
        [x - overhang, top + 2],
        [x + w / 2, top - roofH],
        [x + w + overhang, top + 2],
      ],
      roof,
    ),
  );
  out.push(
    poly(
      [
        [x + w / 2, top - roofH],
        [x + w + overhang, top + 2],
        [x + w * 0.5, top + 2],
      ],
      shade(roof, 0.12),
      { opacity: 0.5 },
    ),
  );
  const dw = w * 0.19,
    dh = h * 0.56;
  const dx = x + w / 2 - dw / 2;
  out.push(rect(dx, y - dh, dw, dh, door, { rx: 3 }));
  out.push(rect(dx + dw * 0.18, y - dh + dh * 0.12, dw * 0.64, dh * 0.3, tint(door, 0.35), { rx: 2 }));
  out.push(circle(dx + dw * 0.8, y - dh * 0.45, Math.max(2, w * 0.011), C.mustard));
  if (windows === 'two') {
    const ww = w * 0.2,
      wh = h * 0.34,
      wy = top + h * 0.24;
    out.push(windowPane(x + w * 0.1, wy, ww, wh, { frame, glass, fw: Math.max(3, w * 0.014) }));
    out.push(windowPane(x + w * 0.7, wy, ww, wh, { frame, glass, fw: Math.max(3, w * 0.014) }));
  }
  // attic round window
  out.push(circle(x + w / 2, top - roofH * 0.42, roofH * 0.16, frame));
  out.push(circle(x + w / 2, top - roofH * 0.42, roofH * 0.11, glass));
  return out;
}

/** Rectangular building with a window grid; (x, groundY) is bottom-left. */
function tower(
  x,
  groundY,
  w,
  h,
  fill,
  { win = C.cream, lit = C.mustard, litRate = 0.25, ww = 14, wh = 20, gx = 12, gy = 14, pad = 16, seed = 1, cap = true } = {},
) {
  const out = [rect(x, groundY - h, w, h, fill)];
  if (cap) out.push(rect(x - 4, groundY - h - 8, w + 8, 10, shade(fill, 0.15)));
  const rand = rng(seed);
  const cols = Math.max(1, Math.floor((w - 2 * pad + gx) / (ww + gx)));
  const used = cols * ww + (cols - 1) * gx;
  const ox = x + (w - used) / 2;
  for (let yy = groundY - h + pad + 6; yy + wh < groundY - 24; yy += wh + gy) {
    for (let c = 0; c < cols; c++) {
      const on = rand() < litRate;
      out.push(rect(ox + c * (ww + gx), yy, ww, wh, on ? lit : win, { rx: 1.5 }));
    }
  }
  return out;
}

/** Glass curtain-wall building with mullions and reflections. */
function glassTower(x, groundY, w, h, { glass = C.tealMid, frame = C.navy, cols = 4, floors = 10, reflect = true } = {}) {
  const top = groundY - h;
  const out = [rect(x, top, w, h, glass)];
  if (reflect) {
    out.push(
      clipped(rect(x, top, w, h, '#000'), [
        poly(
          [
            [x - w * 0.2, groundY],
            [x + w * 0.25, groundY],
            [x + w * 1.3, top - h * 0.1],
            [x + w * 0.85, top - h * 0.1],
          ],
          '#ffffff',
          { opacity: 0.16 },
        ),
        poly(
          [
            [x + w * 0.4, groundY],
            [x + w * 0.52, groundY],
            [x + w * 1.5, top + h * 0.1],
            [x + w * 1.38, top + h * 0.1],
          ],
          '#ffffff',
          { opacity: 0.12 },
        ),
      ]),
    );
  }
  for (let c = 1; c < cols; c++) out.push(rect(x + (w * c) / cols - 1.5, top, 3, h, frame, { opacity: 0.55 }));
  for (let f = 1; f < floors; f++) out.push(rect(x, top + (h * f) / floors - 2, w, 4, frame, { opacity: 0.7 }));
  out.push(rect(x, top, w, h, 'none', { stroke: frame, strokeWidth: 6 }));
  return out;
}

/** Single leaf pointing up (before rotation) from its base at (x, y). */
function leaf(x, y, len, wid, angle, fill, vein = null) {
  const d = `M0 0 C ${wid} ${-len * 0.25} ${wid * 0.75} ${-len * 0.8} 0 ${-len} C ${-wid * 0.75} ${-len * 0.8} ${-wid} ${-len * 0.25} 0 0 Z`;
  const out = [pathEl(d, fill)];
  if (vein) out.push(line(0, -len * 0.08, 0, -len * 0.85, vein, Math.max(1.5, wid * 0.08)));
  return g(out, { transform: tr(x, y, angle) });
}

/** Potted plant: (x, y) is the bottom centre of the pot. */
function pottedPlant(x, y, s = 1, { pot = C.terracotta, leafA = C.tealMid, leafB = C.sageDark, tall = false } = {}) {
  const ph = 80 * s,
    top = y - ph;
  const out = [];
  const angles = tall ? [-38, -22, -8, 6, 20, 34, -50, 48] : [-62, -38, -15, 8, 30, 55];
  const lens = tall ? [230, 280, 320, 300, 260, 220, 170, 160] : [120, 150, 170, 160, 140, 115];
  angles.forEach((a, i) => {
    out.push(
      leaf(
        x + (i % 2 ? 6 : -6) * s,
        top + 6 * s,
        lens[i] * s,
        (tall ? 30 : 34) * s,
        a,
        i % 2 ? leafA : leafB,
        tint(i % 2 ? leafA : leafB, 0.3),
      ),
    );
  });
  out.push(
    poly(
      [
        [x - 48 * s, top],
        [x + 48 * s, top],
        [x + 36 * s, y],
        [x - 36 * s, y],
      ],
      pot,
    ),
  );
  out.push(rect(x - 52 * s, top - 4 * s, 104 * s, 16 * s, shade(pot, 0.12), { rx: 4 * s }));
  return out;
}

/** Stylised monstera-like big leaf plant made of split leaves. */
function bushyPlant(x, y, s = 1, { pot = C.paper, leafA = C.teal, leafB = C.tealMid, potH = 110 } = {}) {
  const top = y - potH * s;
  const out = [];
  const spec = [
    [-70, 190, 62],
    [-40, 250, 70],
    [-12, 290, 66],
    [15, 270, 70],
    [42, 240, 66],
    [70, 180, 58],
    [-95, 140, 46],
    [95, 140, 46],
  ];
  spec.forEach(([a, l, wd], i) => {
    out.push(
      line(x, top, x + Math.sin((a * Math.PI) / 180) * l * s * 0.55, top - Math.cos((a * Math.PI) / 180) * l * s * 0.55, C.sageDark, 4 * s),
    );
    out.push(leaf(x, top, l * s, wd * s, a, i % 2 ? leafA : leafB, tint(i % 2 ? leafA : leafB, 0.35)));
  });
  out.push(pathEl(`M${x - 62 * s} ${top} H${x + 62 * s} L${x + 50 * s} ${y} H${x - 50 * s} Z`, pot));
  out.push(rect(x - 62 * s, top + 18 * s, 124 * s, 10 * s, shade(pot, 0.12)));
  return out;
}

/** Trailing ivy hanging from (x, y) with `n` leaves along a gentle curve. */
function trailingIvy(x, y, len, n, color, sway = 14) {
  const out = [];
  const pathPts = [];
  for (let i = 0; i <= 10; i++) {
    const t = i / 10;
    pathPts.push([x + Math.sin(t * 3.2) * sway, y + t * len]);
  }
  out.push(polyline(pathPts, C.sageDark, 2.5));
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const px = x + Math.sin(t * 3.2) * sway,
      py = y + t * len;
    out.push(leaf(px, py, 24, 11, i % 2 ? 125 : -125, i % 3 ? color : shade(color, 0.15)));
  }
  return out;
}

/** Round-canopy tree; (x, y) is the base of the trunk. */
function tree(x, y, s = 1, { canopy = C.sageDark, canopyB = C.tealMid, trunk = C.wood } = {}) {
  return [
    rect(x - 7 * s, y - 110 * s, 14 * s, 110 * s, trunk, { rx: 4 }),
    circle(x, y - 150 * s, 62 * s, canopy),
    circle(x - 38 * s, y - 118 * s, 42 * s, canopyB),
    circle(x + 40 * s, y - 122 * s, 44 * s, shade(canopy, 0.08)),
  ];
}

/** Low round shrub; (x, y) bottom centre. */
const shrub = (x, y, s, color) => [
  ellipse(x - 30 * s, y - 22 * s, 40 * s, 30 * s, shade(color, 0.1)),
  ellipse(x + 24 * s, y - 24 * s, 44 * s, 34 * s, color),
  ellipse(x - 2 * s, y - 40 * s, 40 * s, 34 * s, tint(color, 0.12)),
];

/** Front-facing coin. */
function coin(cx, cy, r, { face = C.mustard, rim = C.mustardDark } = {}) {
  return [
    circle(cx, cy, r, rim),
    circle(cx - r * 0.06, cy - r * 0.06, r * 0.92, face),
    circle(cx - r * 0.06, cy - r * 0.06, r * 0.66, 'none', { stroke: rim, strokeWidth: r * 0.09, opacity: 0.55 }),
    // tiny embossed house mark (no letters)
    poly(
      [
        [cx - r * 0.3, cy],
        [cx - r * 0.06, cy - r * 0.28],
        [cx + r * 0.18, cy],
      ],
      rim,
      { opacity: 0.55 },
    ),
    rect(cx - r * 0.24, cy, r * 0.36, r * 0.24, rim, { opacity: 0.55 }),
  ];
}

/** Stack of coins seen slightly from above; (x, y) bottom centre. */
function coinStack(x, y, n, r = 46, h = 13, { face = C.mustard, edge = '#d39337', line: ln = C.mustardDark } = {}) {
  const ry = r * 0.3;
  const out = [];
  for (let i = 0; i < n; i++) {
    const yb = y - i * h;
    out.push(
      pathEl(`M${x - r} ${yb - h} L${x - r} ${yb} A${r} ${ry} 0 0 0 ${x + r} ${yb} L${x + r} ${yb - h} Z`, edge, {
        stroke: ln,
        strokeWidth: 2,
      }),
    );
  }
  const yt = y - n * h;
  out.push(ellipse(x, yt, r, ry, face, { stroke: ln, strokeWidth: 2 }));
  out.push(ellipse(x, yt, r * 0.66, ry * 0.66, 'none', { stroke: ln, strokeWidth: 2, opacity: 0.6 }));
  return out;
}

/** Key: bow ring, shaft and bit; (x, y) is the ring centre, horizontal before rotation. */
function key(x, y, s = 1, angle = 0, color = C.mustard, dark = C.mustardDark) {
  return g(
    [
      rect(30, -9, 170, 18, color, { rx: 6 }),
      rect(150, 6, 16, 30, color, { rx: 3 }),
      rect(176, 6, 16, 22, color, { rx: 3 }),
      circle(0, 0, 34, 'none', { stroke: color, strokeWidth: 24 }),
      circle(0, 0, 34, 'none', { stroke: dark, strokeWidth: 3, opacity: 0.35 }),
      rect(60, -3, 80, 6, dark, { rx: 3, opacity: 0.35 }),
    ],
    { transform: tr(x, y, angle, s) },
  );
}

/** Sun with halo rings and optional rays. */
function sun(cx, cy, r, { color = C.mustard, halo = C.mustard, rays = 0, rayColor = C.mustard } = {}) {
  const out = [circle(cx, cy, r * 1.75, halo, { opacity: 0.12 }), circle(cx, cy, r * 1.38, halo, { opacity: 0.18 })];
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * 360;
    out.push(g(rect(-7, -(r * 1.2 + 46), 14, 40, rayColor, { rx: 7 }), { transform: tr(cx, cy, a) }));
  }
  out.push(circle(cx, cy, r, color));
  out.push(circle(cx - r * 0.28, cy - r * 0.28, r * 0.42, '#ffffff', { opacity: 0.16 }));
  return out;
}

/** Cloud made of overlapping circles; (x, y) bottom-left of its flat base. */
function cloud(x, y, s, fill) {
  return [
    rect(x, y - 50 * s, 300 * s, 50 * s, fill, { rx: 25 * s }),
    circle(x + 80 * s, y - 56 * s, 56 * s, fill),
    circle(x + 160 * s, y - 82 * s, 76 * s, fill),
    circle(x + 236 * s, y - 52 * s, 52 * s, fill),
  ];
}

/** Water drop centred at (cx, cy) with height ~2.2*s. */
function drop(cx, cy, s, fill, { shine = true } = {}) {
  const d = 'M0 -1.3 C 0.35 -0.75 0.75 -0.3 0.75 0.2 A 0.75 0.75 0 0 1 -0.75 0.2 C -0.75 -0.3 -0.35 -0.75 0 -1.3 Z';
  const out = [pathEl(d, fill)];
  if (shine)
    out.push(
      pathEl('M-0.42 0.12 A 0.45 0.45 0 0 0 -0.1 0.55', 'none', {
        stroke: '#ffffff',
        strokeWidth: 0.14,
        strokeLinecap: 'round',
        opacity: 0.7,
      }),
    );
  return g(out, { transform: tr(cx, cy, 0, s) });
}

/** Document sheet with "text" bars (abstract lines, no letters). */
function documentSheet(x, y, w, h, angle = 0, { paper = C.paper, ink = C.slate, accent = C.teal, check = false, photo = false } = {}) {
  const out = [rect(6, 8, w, h, '#000', { rx: 10, opacity: 0.12 }), rect(0, 0, w, h, paper, { rx: 10 })];
  out.push(rect(w * 0.1, h * 0.08, w * 0.5, h * 0.05, accent, { rx: 4 }));
  let yy = h * 0.2;
  if (photo) {
    out.push(rect(w * 0.1, yy, w * 0.28, h * 0.2, tint(accent, 0.6), { rx: 4 }));
    for (let i = 0; i < 3; i++) out.push(rect(w * 0.44, yy + i * h * 0.07, w * (0.46 - i * 0.08), h * 0.03, ink, { rx: 3, opacity: 0.6 }));
    yy += h * 0.26;
  }
  const widths = [0.8, 0.72, 0.78, 0.6, 0.76, 0.5];
  for (const fw of widths) {
    if (yy > h * 0.72) break;
    out.push(rect(w * 0.1, yy, w * fw, h * 0.03, ink, { rx: 3, opacity: 0.55 }));
    yy += h * 0.075;
  }
  if (check) {
    const r = w * 0.12;
    out.push(circle(w * 0.76, h * 0.84, r, accent));
    out.push(
      polyline(
        [
          [w * 0.76 - r * 0.45, h * 0.84],
          [w * 0.76 - r * 0.1, h * 0.84 + r * 0.35],
          [w * 0.76 + r * 0.5, h * 0.84 - r * 0.35],
        ],
        C.paper,
        r * 0.22,
      ),
    );
    out.push(rect(w * 0.1, h * 0.86, w * 0.35, h * 0.02, ink, { rx: 2 }));
  }
  return g(out, { transform: tr(x, y, angle) });
}

/** Calculator; (x, y) top-left before rotation. */
function calculator(x, y, w, h, angle = 0) {
  const out = [rect(8, 10, w, h, '#000', { rx: 20, opacity: 0.15 }), rect(0, 0, w, h, C.navy, { rx: 20 })];
  out.push(rect(w * 0.1, h * 0.07, w * 0.8, h * 0.18, C.tealLight, { rx: 8 }));
  // abstract display bars (no digits)
  out.push(rect(w * 0.42, h * 0.12, w * 0.4, h * 0.08, C.teal, { rx: 3, opacity: 0.7 }));
  const cols = 4,
    rows = 4;
  const bw = (w * 0.8 - (cols - 1) * w * 0.05) / cols;
  const bh = (h * 0.6 - (rows - 1) * h * 0.035) / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const fill = c === cols - 1 ? C.terracotta : r === 0 ? C.slate : C.cream;
      out.push(rect(w * 0.1 + c * (bw + w * 0.05), h * 0.32 + r * (bh + h * 0.035), bw, bh, fill, { rx: 6 }));
    }
  }
  return g(out, { transform: tr(x, y, angle) });
}

/** Rounded-top bars; values 0..1 mapped to maxH; (x, baseY) bottom-left. */
function bars(x, baseY, values, { bw = 30, gap = 14, maxH = 200, color = C.terracotta, colorB = null, splits = null } = {}) {
  return values.map((v, i) => {
    const bx = x + i * (bw + gap),
      bh = v * maxH;
    const out = [pathEl(roundTop(bx, baseY - bh, bw, bh, Math.min(7, bw / 3)), color)];
    if (splits && colorB) {
      const sh = splits[i] * maxH;
      out.push(rect(bx, baseY - sh, bw, sh, colorB));
    }
    return out;
  });
}
function roundTop(x, y, w, h, r) {
  return `M${r2(x)} ${r2(y + h)} V${r2(y + r)} Q${r2(x)} ${r2(y)} ${r2(x + r)} ${r2(y)} H${r2(x + w - r)} Q${r2(x + w)} ${r2(y)} ${r2(x + w)} ${r2(y + r)} V${r2(y + h)} Z`;
}

/** Pie slice path from angle a0 to a1 (degrees, 0 = up, clockwise). */
function slice(cx, cy, r, a0, a1) {
  const p = (a) => [cx + r * Math.sin((a * Math.PI) / 180), cy - r * Math.cos((a * Math.PI) / 180)];
  const [x0, y0] = p(a0),
    [x1, y1] = p(a1);
  return `M${r2(cx)} ${r2(cy)} L${r2(x0)} ${r2(y0)} A${r} ${r} 0 ${a1 - a0 > 180 ? 1 : 0} 1 ${r2(x1)} ${r2(y1)} Z`;
}

/** Pendant lamp hanging from the ceiling at x; returns { lamp, glow }. */
function pendant(x, cordLen, kind, color, floorY) {
  const y = cordLen;
  const lamp = [line(x, 0, x, y, C.navy, 3)];
  let bottom, halfW;
  if (kind === 'dome') {
    lamp.push(pathEl(`M${x - 62} ${y + 52} A62 58 0 0 1 ${x + 62} ${y + 52} Z`, color));
    lamp.push(rect(x - 64, y + 48, 128, 8, shade(color, 0.15), { rx: 4 }));
    bottom = y + 56;
    halfW = 58;
  } else if (kind === 'cone') {
    lamp.push(
      poly(
        [
          [x - 12, y],
          [x + 12, y],
          [x + 52, y + 78],
          [x - 52, y + 78],
        ],
        color,
      ),
    );
    bottom = y + 78;
    halfW = 48;
  } else {
    lamp.push(rect(x - 8, y, 16, 14, C.navy, { rx: 3 }));
    lamp.push(circle(x, y + 50, 40, color));
    lamp.push(circle(x - 12, y + 38, 12, '#ffffff', { opacity: 0.55 }));
    bottom = y + 82;
    halfW = 34;
  }
  if (kind !== 'globe') lamp.push(ellipse(x, bottom + 2, 18, 7, '#fff6d6'));
  const light = [
    poly(
      [
        [x - halfW * 0.8, bottom],
        [x + halfW * 0.8, bottom],
        [x + 190, floorY],
        [x - 190, floorY],
      ],
      '#fff3cf',
      { opacity: 0.12 },
    ),
    glow(x, kind === 'globe' ? y + 50 : bottom - 16, 150, '#fff3cf', 0.32),
  ];
  return { lamp, glow: light };
}

/** Solar panel quad given four corners (tl, tr, br, bl), with cell grid. */
function solarPanel(q, cols = 4, rows = 3) {
  const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const at = (u, v) => lerp(lerp(q[0], q[1], u), lerp(q[3], q[2], u), v);
  const out = [poly(q, C.navy, { stroke: C.slate, strokeWidth: 4, strokeLinejoin: 'round' })];
  for (let c = 1; c < cols; c++) out.push(line(...at(c / cols, 0), ...at(c / cols, 1), C.navyMid, 2.5));
  for (let r = 1; r < rows; r++) out.push(line(...at(0, r / rows), ...at(1, r / rows), C.navyMid, 2.5));
  out.push(
    poly(
      [at(0.05, 0.1), at(0.3, 0.1), at(0.12, 0.9), at(0.0, 0.9)].map(([a, b]) => [a + 4, b]),
      '#ffffff',
      { opacity: 0.1 },
    ),
  );
  return out;
}

/** Lattice segment (crane mast / jib): two rails with zig-zag bracing. */
function lattice(x1, y1, x2, y2, width, color, step = 26) {
  const len = Math.hypot(x2 - x1, y2 - y1);
  const ang = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
  const out = [rect(0, -width / 2, len, 5, color), rect(0, width / 2 - 5, len, 5, color)];
  const zig = [];
  for (let d = 0, k = 0; d <= len; d += step, k++) zig.push([d, k % 2 ? width / 2 - 3 : -width / 2 + 3]);
  out.push(polyline(zig, color, 3));
  return g(out, { transform: tr(x1, y1, ang) });
}

/** Sofa seen from the front; (x, floorY) is the bottom-left. */
function sofa(x, floorY, w, { color = C.terracotta, dark = C.terraDark, pillows = [C.mustard, C.tealLight] } = {}) {
  const out = [];
  out.push(rect(x + 40, floorY - 22, 12, 22, C.navy, { rx: 3 }), rect(x + w - 52, floorY - 22, 12, 22, C.navy, { rx: 3 }));
  out.push(rect(x + 34, floorY - 190, w - 68, 110, color, { rx: 26 }));
  out.push(rect(x + 10, floorY - 100, w - 20, 80, dark, { rx: 16 }));
  const cw = (w - 124) / 2;
  out.push(
    rect(x + 58, floorY - 118, cw, 40, tint(color, 0.12), { rx: 14 }),
    rect(x + 66 + cw, floorY - 118, cw, 40, tint(color, 0.12), { rx: 14 }),
  );
  out.push(rect(x, floorY - 140, 60, 122, color, { rx: 26 }), rect(x + w - 60, floorY - 140, 60, 122, color, { rx: 26 }));
  out.push(g(rect(-40, -40, 80, 80, pillows[0], { rx: 16 }), { transform: tr(x + 118, floorY - 148, -10) }));
  out.push(g(rect(-36, -36, 72, 72, pillows[1], { rx: 16 }), { transform: tr(x + w - 118, floorY - 146, 9) }));
  return out;
}

/** Row of books standing on a shelf; specs = [width, height, color, lean?]. */
function books(x, shelfY, specs) {
  let cx = x;
  return specs.map(([w, h, color, lean = 0]) => {
    const b = lean
      ? g([rect(0, -h, w, h, color, { rx: 2 }), rect(0, -h * 0.8, w, 4, '#ffffff', { opacity: 0.35 })], {
          transform: tr(cx + (lean > 0 ? 0 : w), shelfY, lean),
        })
      : g([rect(cx, shelfY - h, w, h, color, { rx: 2 }), rect(cx, shelfY - h * 0.8, w, 4, '#ffffff', { opacity: 0.35 })]);
    cx += w + (lean ? 14 : 2);
    return b;
  });
}

/** Floating wall shelf with shadow. */
const shelf = (x, y, w) => [rect(x + 4, y + 10, w, 8, '#000', { opacity: 0.08 }), rect(x, y, w, 12, C.wood, { rx: 2 })];

/** Paint swatch card rotated around its bottom pivot (px, py). */
function swatchCard(px, py, angle, base) {
  const w = 78,
    h = 330;
  const out = [rect(-w / 2 + 4, -h + 6, w, h, '#000', { rx: 10, opacity: 0.12 }), rect(-w / 2, -h, w, h, C.paper, { rx: 10 })];
  [0, 0.3, 0.55].forEach((t, i) => out.push(rect(-w / 2 + 8, -h + 10 + i * 82, w - 16, 74, tint(base, t), { rx: 5 })));
  out.push(rect(-w / 2 + 12, -h + 262, w - 40, 6, C.slate, { rx: 3, opacity: 0.5 }));
  return g(out, { transform: tr(px, py, angle) });
}

/* ------------------------------------------------------------------------ */
/* Scenes (one per slug)                                                     */
/* ------------------------------------------------------------------------ */

/** Small cosy apartment living room: sofa, round mirror, shelves, plants. */
function sceneSmallApartment() {
  const floorY = 560;
  const out = [rect(0, 0, W, H, '#f3e8d6')];
  // painted arch behind the sofa
  out.push(pathEl(`M250 ${floorY} V400 A260 260 0 0 1 770 400 V${floorY} Z`, C.blush));
  // picture rail
  out.push(rect(0, 92, W, 6, '#eadbc3'));
  // floor with planks
  out.push(rect(0, floorY, W, H - floorY, C.woodLight));
  [600, 642].forEach((y) => out.push(rect(0, y, W, 3, C.wood, { opacity: 0.45 })));
  [
    [140, 560, 600],
    [520, 600, 642],
    [900, 560, 600],
    [330, 642, 675],
    [760, 642, 675],
    [1090, 600, 642],
  ].forEach(([x, a, b]) => out.push(rect(x, a, 3, b - a, C.wood, { opacity: 0.45 })));
  out.push(rect(0, floorY - 14, W, 14, C.paper));
  // rug
  out.push(
    ellipse(510, 606, 330, 40, C.teal),
    ellipse(510, 606, 300, 30, 'none', { stroke: C.tealLight, strokeWidth: 3, strokeDasharray: '14 10' }),
  );
  // round mirror
  const mx = 510,
    my = 255;
  out.push(circle(mx + 6, my + 8, 96, '#000', { opacity: 0.08 }));
  out.push(circle(mx, my, 96, C.mustard));
  out.push(
    clipped(circle(mx, my, 84, '#000'), [
      rect(mx - 90, my - 90, 180, 180, '#d7e7e1'),
      rect(mx - 90, my + 30, 180, 60, '#c4dbd3'),
      poly(
        [
          [mx - 60, my + 90],
          [mx - 20, my + 90],
          [mx + 70, my - 90],
          [mx + 30, my - 90],
        ],
        '#ffffff',
        { opacity: 0.55 },
      ),
      poly(
        [
          [mx, my + 90],
          [mx + 14, my + 90],
          [mx + 104, my - 90],
          [mx + 90, my - 90],
        ],
        '#ffffff',
        { opacity: 0.45 },
      ),
    ]),
  );
  // side table with lamp (left)
  out.push(
    rect(150, floorY - 150, 90, 12, C.navy, { rx: 4 }),
    rect(190, floorY - 140, 10, 140, C.navy),
    rect(160, floorY - 6, 70, 6, C.navy, { rx: 3 }),
  );
  out.push(
    rect(188, floorY - 200, 14, 50, C.mustardDark),
    poly(
      [
        [160, floorY - 198],
        [230, floorY - 198],
        [215, floorY - 255],
        [175, floorY - 255],
      ],
      C.paper,
    ),
  );
  out.push(glow(195, floorY - 225, 110, '#fff3cf', 0.7));
  // sofa
  out.push(sofa(300, floorY, 420));
  // tall plant on the left
  out.push(pottedPlant(70, floorY + 10, 0.78, { pot: C.navy, tall: true }));
  // shelves climbing up the wall
  const sh = [
    [830, 470, 220],
    [900, 360, 220],
    [830, 250, 220],
    [900, 140, 200],
  ];
  sh.forEach(([x, y, w]) => out.push(shelf(x, y, w)));
  out.push(
    books(850, 470, [
      [18, 78, C.teal],
      [14, 92, C.terracotta],
      [20, 70, C.mustard],
      [16, 84, C.navyMid],
      [15, 66, C.sageDark, -16],
    ]),
  );
  out.push(rect(990, 430, 44, 40, C.paper, { rx: 6 }), pathEl('M990 430 Q1012 400 1034 430', C.sage));
  out.push(
    rect(918, 300, 68, 60, C.paper, { rx: 3 }),
    rect(926, 308, 52, 44, C.tealLight),
    poly(
      [
        [926, 352],
        [948, 326],
        [964, 340],
        [978, 330],
        [978, 352],
      ],
      C.teal,
    ),
  );
  out.push(
    books(1010, 360, [
      [14, 74, C.blush],
      [18, 88, C.teal],
      [14, 70, C.mustardDark],
    ]),
  );
  out.push(
    books(846, 250, [
      [16, 80, C.navy],
      [20, 66, C.terraLight],
      [14, 86, C.tealMid],
    ]),
  );
  out.push(ellipse(1022, 226, 26, 24, C.terracotta), rect(1010, 196, 24, 12, C.terracotta, { rx: 4 }));
  out.push(
    rect(932, 112, 54, 28, C.paper, { rx: 6 }),
    trailingIvy(948, 130, 150, 7, C.tealMid, 10),
    trailingIvy(970, 132, 110, 5, C.sageDark, -8),
  );
  out.push(pathEl('M938 112 Q959 70 980 112', C.sageDark));
  out.push(
    books(1010, 140, [
      [18, 68, C.mustard],
      [14, 80, C.terracotta],
    ]),
  );
  // small pouf and basket on the floor
  out.push(
    ellipse(960, floorY + 12, 80, 14, '#000', { opacity: 0.08 }),
    rect(890, floorY - 70, 140, 76, C.mustard, { rx: 30 }),
    rect(890, floorY - 58, 140, 10, C.mustardDark, { opacity: 0.4 }),
  );
  return out;
}

/** City skyline with a rising line chart. */
function sceneMarketTrends() {
  const ground = 675;
  const out = [rect(0, 0, W, H, C.navy)];
  out.push(glow(930, 250, 300, C.terracotta, 0.28), circle(930, 250, 150, C.navyMid, { opacity: 0.55 }));
  // grid
  for (let y = 120; y <= 520; y += 80) out.push(line(70, y, 1130, y, C.cream, 2, { opacity: 0.1, strokeDasharray: '6 10' }));
  const chart = [
    [80, 470],
    [210, 420],
    [330, 445],
    [460, 350],
    [580, 380],
    [710, 280],
    [830, 300],
    [960, 190],
    [1080, 120],
  ];
  const stars = rng(7);
  for (let i = 0; i < 26; i++)
    out.push(circle(40 + stars() * 1120, 30 + stars() * 260, 1.5 + stars() * 2, C.cream, { opacity: 0.35 + stars() * 0.4 }));
  // back layer of buildings
  const rand = rng(2025);
  let x = -10;
  while (x < W) {
    const w = 70 + Math.floor(rand() * 60),
      h = 170 + Math.floor(rand() * 150);
    out.push(rect(x, ground - h, w, h, '#28405f'));
    if (rand() < 0.4) out.push(rect(x + w / 2 - 3, ground - h - 40, 6, 40, '#28405f'));
    x += w + 8;
  }
  // front layer with windows
  const front = [
    [20, 130, 250, C.teal],
    [160, 100, 190, C.tealMid],
    [270, 150, 300, C.teal],
    [430, 110, 220, C.tealDark],
    [550, 140, 340, C.teal],
    [700, 100, 240, C.tealMid],
    [810, 150, 290, C.tealDark],
    [970, 120, 210, C.teal],
    [1100, 110, 260, C.tealMid],
  ];
  front.forEach(([fx, w, h, c], i) =>
    out.push(tower(fx, ground, w, h, c, { win: shade(c, 0.25), lit: '#f3c774', litRate: 0.3, seed: 7 + i })),
  );
  // chart line + markers + arrow
  out.push(polyline(chart, C.navy, 18, { opacity: 0.5 }));
  out.push(polyline(chart, C.terracotta, 10));
  chart.slice(0, -1).forEach(([cx, cy]) => out.push(circle(cx, cy, 11, C.cream, { stroke: C.terracotta, strokeWidth: 6 })));
  const [ax, ay] = chart[chart.length - 1],
    [bx, by] = chart[chart.length - 2];
  const ang = (Math.atan2(ay - by, ax - bx) * 180) / Math.PI;
  out.push(
    g(
      poly(
        [
          [18, 0],
          [-20, -22],
          [-20, 22],
        ],
        C.terracotta,
      ),
      { transform: tr(ax, ay, ang) },
    ),
  );
  return out;
}

/** Renting vs buying: a balance with a house on one pan, a key and coins on the other. */
function sceneRentOrBuy() {
  const floor = 600;
  const out = [rect(0, 0, W, H, '#f4e9d7')];
  out.push(circle(600, 320, 290, C.tealLight, { opacity: 0.35 }));
  out.push(circle(1080, 520, 70, C.mustard, { opacity: 0.18 }));
  out.push(rect(0, floor, W, H - floor, C.sand));
  out.push(ellipse(600, floor + 6, 150, 14, '#000', { opacity: 0.1 }));
  // stand
  out.push(
    poly(
      [
        [510, floor],
        [690, floor],
        [650, floor - 34],
        [550, floor - 34],
      ],
      C.navy,
    ),
  );
  out.push(rect(588, 175, 24, floor - 205, C.navy, { rx: 6 }));
  // beam (tilted: left side heavier)
  const px = 600,
    py = 175,
    L = 330,
    a = -7;
  const rad = (a * Math.PI) / 180;
  const left = [px - L * Math.cos(rad), py - L * Math.sin(rad)];
  const right = [px + L * Math.cos(rad), py + L * Math.sin(rad)];
  const hang = 230,
    half = 125;
  // each pan: hanging strings (drawn behind) + bowl (drawn in front of its load)
  const pan = ([ex, ey], color) => {
    const rim = ey + hang;
    return {
      ex,
      rim,
      strings: [line(ex, ey, ex - half + 12, rim, C.navy, 3), line(ex, ey, ex + half - 12, rim, C.navy, 3), circle(ex, ey, 9, C.navy)],
      bowl: [
        pathEl(`M${ex - half} ${rim} Q${ex} ${rim + 90} ${ex + half} ${rim} Z`, color),
        rect(ex - half - 6, rim - 5, 2 * half + 12, 10, shade(color, 0.15), { rx: 5 }),
      ],
    };
  };
  const lp = pan(left, C.terracotta),
    rp = pan(right, C.teal);
  out.push(lp.strings, rp.strings);
  out.push(g([rect(-L - 10, -9, 2 * L + 20, 18, C.navy, { rx: 9 })], { transform: tr(px, py, a) }));
  out.push(circle(px, py, 24, C.mustard), circle(px, py, 9, C.navy), circle(px, py - 42, 12, C.navy));
  // house on the left pan
  out.push(house({ x: lp.ex - 70, y: lp.rim - 2, w: 140, h: 100, roofH: 66, wall: C.paper, roof: C.terracotta, door: C.teal }));
  out.push(lp.bowl);
  // key + coins on the right pan
  out.push(coinStack(rp.ex + 62, rp.rim - 2, 4, 36, 12));
  out.push(key(rp.ex - 96, rp.rim - 40, 0.7, -22));
  out.push(rp.bowl);
  out.push(pottedPlant(1080, floor + 2, 0.8, { pot: C.terracotta }));
  return out;
}

/** SAC vs Price financing: a house, two amortisation charts, a calculator. */
function sceneFinancing() {
  const ground = 580;
  const out = [rect(0, 0, W, H, C.cream)];
  out.push(circle(270, 330, 230, C.sand, { opacity: 0.7 }));
  out.push(rect(0, ground, W, H - ground, C.sand));
  out.push(shrub(95, ground, 0.9, C.sageDark), shrub(450, ground, 0.7, C.sage));
  out.push(house({ x: 120, y: ground, w: 300, h: 220, roofH: 130, wall: C.paper, roof: C.teal, door: C.terracotta }));
  // chart card
  const cx = 500,
    cy = 90,
    cw = 530,
    ch = 400;
  out.push(rect(cx + 10, cy + 14, cw, ch, '#000', { rx: 24, opacity: 0.08 }), rect(cx, cy, cw, ch, C.paper, { rx: 24 }));
  out.push(rect(cx + 40, cy + 36, 140, 14, C.terracotta, { rx: 7 }), rect(cx + 290, cy + 36, 140, 14, C.teal, { rx: 7 }));
  const base = cy + ch - 50;
  // SAC: total instalment falls steadily
  out.push(bars(cx + 40, base, [1, 0.88, 0.76, 0.64, 0.52, 0.4], { bw: 26, gap: 11, maxH: 250, color: C.terracotta }));
  // Price: constant instalment, interest share (light) shrinks as amortisation (dark) grows
  out.push(
    bars(cx + 290, base, [0.7, 0.7, 0.7, 0.7, 0.7, 0.7], {
      bw: 26,
      gap: 11,
      maxH: 250,
      color: C.tealLight,
      colorB: C.teal,
      splits: [0.18, 0.25, 0.33, 0.42, 0.52, 0.62],
    }),
  );
  out.push(line(cx + 30, base, cx + 250, base, C.navy, 3), line(cx + 280, base, cx + 500, base, C.navy, 3));
  out.push(line(cx + 265, cy + 80, cx + 265, base + 10, C.sand, 2));
  // trend arrow over SAC bars
  out.push(
    polyline(
      [
        [cx + 52, base - 272],
        [cx + 228, base - 128],
      ],
      C.navy,
      5,
      { strokeDasharray: '2 12' },
    ),
  );
  out.push(
    g(
      poly(
        [
          [12, 0],
          [-10, -11],
          [-10, 11],
        ],
        C.navy,
      ),
      { transform: tr(cx + 234, base - 123, 39) },
    ),
  );
  // calculator + coins in the foreground
  out.push(calculator(1012, 370, 150, 225, 8));
  out.push(coinStack(520, ground + 60, 5, 44, 12), coinStack(610, ground + 70, 3, 44, 12));
  return out;
}

/** Using FGTS: house, piggy bank with a falling coin, documents. */
function sceneFgts() {
  const ground = 575;
  const out = [rect(0, 0, W, H, '#e9eee2')];
  out.push(circle(760, 300, 260, C.sand, { opacity: 0.65 }));
  out.push(rect(0, ground, W, H - ground, '#d9e2cf'));
  out.push(shrub(585, ground, 0.8, C.sageDark));
  out.push(house({ x: 600, y: ground, w: 280, h: 200, roofH: 115, wall: C.paper, roof: C.terracotta, door: C.teal }));
  // documents in the foreground on the right
  out.push(documentSheet(950, 285, 190, 250, 9, { accent: C.teal }));
  out.push(documentSheet(905, 320, 190, 250, -5, { accent: C.terracotta, check: true, photo: true }));
  // piggy bank
  const px = 330,
    py = 430,
    s = 1.05;
  const pig = [];
  const body = C.terraLight,
    dark = C.terracotta;
  pig.push(ellipse(0, 150, 190, 16, '#000', { opacity: 0.1 }));
  [-105, -45, 45, 105].forEach((lx) => pig.push(rect(lx - 20, 70, 40, 80, dark, { rx: 12 })));
  pig.push(
    pathEl('M-178 -10 C -220 -30 -230 20 -200 25 C -180 28 -190 0 -214 4', 'none', {
      stroke: dark,
      strokeWidth: 8,
      strokeLinecap: 'round',
    }),
  );
  pig.push(ellipse(0, 0, 180, 135, body));
  pig.push(ellipse(-60, -60, 80, 40, '#ffffff', { opacity: 0.14 }));
  pig.push(pathEl('M66 -104 Q96 -182 128 -168 Q146 -140 140 -92 Z', dark));
  pig.push(ellipse(180, 10, 34, 44, dark), ellipse(172, 0, 6, 10, C.terraDark), ellipse(190, 0, 6, 10, C.terraDark));
  pig.push(circle(110, -40, 10, C.navy));
  pig.push(rect(-50, -128, 100, 16, C.terraDark, { rx: 8 }));
  out.push(g(pig, { transform: tr(px, py, 0, s) }));
  // coin falling into the slot + coins on the floor
  out.push(g(coin(0, 0, 38), { transform: tr(px, py - 230, 0) }));
  out.push(
    line(px - 50, py - 300, px - 50, py - 270, C.mustardDark, 4, { opacity: 0.5 }),
    line(px + 50, py - 300, px + 50, py - 280, C.mustardDark, 4, { opacity: 0.5 }),
  );
  out.push(coinStack(110, ground + 62, 4, 42, 12), coin(560, ground + 48, 28));
  return out;
}

/** Real-estate funds: office towers, a pie chart and coin stacks. */
function sceneReits() {
  const ground = 610;
  const out = [rect(0, 0, W, H, C.teal)];
  out.push(circle(300, 300, 240, C.tealMid, { opacity: 0.45 }));
  // towers on the right
  out.push(glassTower(560, ground, 150, 380, { glass: C.tealLight, frame: C.navy, cols: 3, floors: 12 }));
  out.push(tower(720, ground, 170, 500, C.cream, { win: C.tealMid, lit: C.mustard, litRate: 0.15, ww: 18, wh: 24, gx: 10, seed: 11 }));
  out.push(rect(800, ground - 560, 8, 60, C.cream));
  out.push(glassTower(900, ground, 130, 430, { glass: '#5e9f95', frame: C.navy, cols: 3, floors: 14 }));
  out.push(tower(1040, ground, 150, 330, C.sand, { win: C.tealMid, lit: C.mustard, litRate: 0.15, ww: 18, wh: 24, gx: 10, seed: 12 }));
  out.push(rect(0, ground, W, H - ground, C.navy));
  // pie chart
  const pcx = 300,
    pcy = 290,
    r = 170;
  out.push(circle(pcx + 10, pcy + 14, r, '#000', { opacity: 0.15 }));
  const parts = [
    [0.36, C.terracotta],
    [0.24, C.mustard],
    [0.22, C.cream],
    [0.18, C.sage],
  ];
  let a0 = 0;
  parts.forEach(([v, c], i) => {
    const a1 = a0 + v * 360;
    const mid = (((a0 + a1) / 2) * Math.PI) / 180;
    const off = i === 0 ? 18 : 0;
    out.push(
      pathEl(slice(pcx + Math.sin(mid) * off, pcy - Math.cos(mid) * off, r, a0, a1), c, {
        stroke: C.teal,
        strokeWidth: 4,
        strokeLinejoin: 'round',
      }),
    );
    a0 = a1;
  });
  out.push(circle(pcx, pcy, 62, C.teal), circle(pcx, pcy, 46, C.tealMid));
  // coins
  out.push(coinStack(170, ground + 40, 6, 48, 13), coinStack(290, ground + 50, 9, 48, 13), coinStack(410, ground + 40, 4, 48, 13));
  out.push(coin(500, 150, 34), coin(530, 90, 20));
  return out;
}

/** Off-plan property: building under construction, tower crane, blueprint. */
function sceneOffPlan() {
  const ground = 600;
  const out = [rect(0, 0, W, H, '#f2e7d5')];
  out.push(circle(620, 260, 250, C.sand, { opacity: 0.6 }));
  out.push(rect(0, ground, W, H - ground, C.sandDeep));
  // building: lower floors finished, upper floors as bare frame
  const bx = 460,
    bw = 340,
    fh = 70;
  for (let f = 0; f < 5; f++) {
    const y = ground - (f + 1) * fh;
    if (f < 3) {
      out.push(rect(bx, y, bw, fh, C.paper));
      for (let c = 0; c < 4; c++)
        out.push(windowPane(bx + 22 + c * 80, y + 14, 56, 42, { frame: C.sand, glass: C.tealLight, cols: 1, rows: 1, fw: 4 }));
    } else {
      out.push(rect(bx, y, bw, fh, C.tealLight, { opacity: 0.25 }));
      [0, 1, 2, 3, 4].forEach((c) => out.push(rect(bx + c * ((bw - 16) / 4), y, 16, fh, C.slate)));
    }
    out.push(rect(bx - 10, y - 6, bw + 20, 12, f < 3 ? C.sandDeep : C.navyMid));
  }
  // scaffolding on the upper part
  const sx = bx + bw + 6;
  out.push(line(sx + 6, ground - 390, sx + 6, ground, C.terracotta, 5), line(sx + 46, ground - 390, sx + 46, ground, C.terracotta, 5));
  for (let y = ground - 370; y < ground; y += 74) {
    out.push(line(sx, y, sx + 52, y, C.terracotta, 5));
    if (y + 74 <= ground) out.push(line(sx + 6, y, sx + 46, y + 74, C.terracotta, 3));
  }
  // tower crane
  const mastX = 330,
    jibY = 100;
  out.push(lattice(mastX, ground, mastX, jibY, 40, C.mustardDark));
  out.push(lattice(mastX - 150, jibY, mastX + 560, jibY, 34, C.mustard, 30));
  out.push(rect(mastX - 170, jibY - 10, 60, 50, C.navy, { rx: 4 }));
  out.push(
    rect(mastX - 8, jibY - 90, 16, 80, C.mustardDark),
    line(mastX, jibY - 90, mastX + 420, jibY - 14, C.navy, 3),
    line(mastX, jibY - 90, mastX - 150, jibY - 14, C.navy, 3),
  );
  out.push(rect(mastX + 14, jibY + 18, 46, 38, C.navy, { rx: 6 }), rect(mastX + 22, jibY + 24, 30, 18, C.tealLight, { rx: 3 }));
  const hx = 650;
  out.push(rect(hx - 16, jibY + 10, 32, 14, C.navy), line(hx, jibY + 24, hx, 160, C.navy, 3));
  out.push(pathEl(`M${hx - 8} 160 H${hx + 8} V170 Q${hx} 182 ${hx - 8} 170 Z`, C.navy));
  out.push(line(hx, 170, hx - 80, 205, C.navy, 2), line(hx, 170, hx + 80, 205, C.navy, 2));
  out.push(rect(hx - 100, 205, 200, 22, C.terracotta, { rx: 3 }), rect(hx - 100, 205, 200, 6, C.terraDark, { opacity: 0.4 }));
  // blueprint sheet in the foreground
  const bp = [];
  bp.push(rect(8, 10, 430, 250, '#000', { rx: 8, opacity: 0.14 }), rect(0, 0, 430, 250, '#2a5e8c', { rx: 8 }));
  for (let x = 20; x < 430; x += 24) bp.push(line(x, 8, x, 242, '#ffffff', 1, { opacity: 0.12 }));
  for (let y = 20; y < 250; y += 24) bp.push(line(8, y, 422, y, '#ffffff', 1, { opacity: 0.12 }));
  const wl = { stroke: C.paper, strokeWidth: 5, fill: 'none', strokeLinejoin: 'round' };
  bp.push(el('path', { d: 'M40 36 H290 V214 H40 Z M150 36 V120 M40 120 H110 M140 120 H230 M230 120 V214 M290 90 H390 V214 H290', ...wl }));
  bp.push(pathEl('M110 120 A30 30 0 0 1 140 120', 'none', { stroke: C.paper, strokeWidth: 2, strokeDasharray: '4 4' }));
  bp.push(line(40, 232, 290, 232, C.mustard, 2), line(40, 226, 40, 238, C.mustard, 2), line(290, 226, 290, 238, C.mustard, 2));
  bp.push(
    circle(350, 150, 22, 'none', { stroke: C.mustard, strokeWidth: 2 }),
    line(330, 150, 370, 150, C.mustard, 2),
    line(350, 130, 350, 170, C.mustard, 2),
  );
  bp.push(rect(-18, -6, 30, 262, '#214e76', { rx: 14 }), ellipse(-3, -6, 15, 8, '#3a74a6'));
  out.push(g(bp, { transform: tr(70, 400, -4) }));
  out.push(rect(900, ground - 60, 120, 60, C.terracotta, { rx: 4 }), rect(920, ground - 100, 80, 40, C.mustard, { rx: 4 }));
  out.push(
    poly(
      [
        [1060, ground],
        [1100, ground],
        [1080, ground - 60],
      ],
      C.terracotta,
    ),
    rect(1066, ground - 34, 28, 8, C.paper),
  );
  return out;
}

/** Colours and lighting: teal wall, three pendant lamps, sideboard, swatch fan. */
function sceneColorsLighting() {
  const floorY = 560;
  const out = [rect(0, 0, W, H, C.teal)];
  // colour-blocked semicircle on the wall
  out.push(pathEl(`M180 ${floorY} A290 290 0 0 1 760 ${floorY} Z`, C.terracotta, { opacity: 0.9 }));
  out.push(rect(0, floorY, W, H - floorY, C.wood), rect(0, floorY, W, 10, C.woodLight));
  const lamps = [
    pendant(300, 120, 'dome', C.mustard, floorY),
    pendant(470, 200, 'globe', C.paper, floorY),
    pendant(640, 90, 'cone', C.terraLight, floorY),
  ];
  lamps.forEach((l) => out.push(l.glow));
  // sideboard
  out.push(rect(230, 420, 480, 26, C.woodLight, { rx: 4 }), rect(240, 446, 460, 94, C.wood));
  [0, 1, 2].forEach((i) =>
    out.push(rect(254 + i * 150, 458, 134, 70, C.woodLight, { rx: 4 }), rect(306 + i * 150, 488, 30, 6, C.navy, { rx: 3 })),
  );
  out.push(rect(262, 540, 10, 20, C.navy), rect(668, 540, 10, 20, C.navy));
  // objects on the sideboard
  out.push(ellipse(300, 385, 30, 36, C.paper), rect(290, 340, 20, 14, C.paper));
  out.push(
    polyline(
      [
        [300, 342],
        [290, 280],
        [270, 240],
      ],
      C.navy,
      3,
    ),
    polyline(
      [
        [300, 342],
        [318, 270],
        [338, 236],
      ],
      C.navy,
      3,
    ),
  );
  [
    [270, 240],
    [286, 270],
    [338, 236],
    [324, 262],
    [278, 255],
  ].forEach(([x, y], i) => out.push(ellipse(x, y, 10, 6, i % 2 ? C.mustard : C.terraLight)));
  out.push(rect(570, 392, 90, 14, C.navy, { rx: 2 }), rect(565, 406, 100, 14, C.mustard, { rx: 2 }));
  out.push(circle(615, 372, 20, C.sage));
  lamps.forEach((l) => out.push(l.lamp));
  // swatch fan deck
  const fanColors = [C.navy, C.teal, C.sageDark, C.mustard, C.terraLight, C.terracotta, C.blush];
  fanColors.forEach((c, i) => out.push(swatchCard(940, 600, -45 + i * 15, c)));
  out.push(circle(940, 588, 30, C.paper), circle(940, 588, 12, C.navy), circle(940, 588, 5, C.slate));
  return out;
}

/** Biophilic interior: big window onto greenery, many plants, vertical garden. */
function sceneBiophilic() {
  const floorY = 575;
  const out = [rect(0, 0, W, H, C.cream)];
  out.push(rect(0, floorY, W, H - floorY, C.woodLight), rect(0, floorY, W, 8, C.wood, { opacity: 0.6 }));
  // big window with landscape
  const wx = 110,
    wy = 70,
    ww = 600,
    wh = 440;
  out.push(rect(wx - 14, wy - 14, ww + 28, wh + 28, C.navy, { rx: 6 }));
  out.push(
    clipped(rect(wx, wy, ww, wh, '#000'), [
      rect(wx, wy, ww, wh, '#dcebe3'),
      circle(wx + 330, wy + 90, 46, C.mustard, { opacity: 0.8 }),
      pathEl(`M${wx} ${wy + 300} Q${wx + 160} ${wy + 200} ${wx + 330} ${wy + 280} T${wx + ww} ${wy + 250} V${wy + wh} H${wx} Z`, C.sage),
      pathEl(
        `M${wx} ${wy + 360} Q${wx + 220} ${wy + 290} ${wx + 420} ${wy + 350} T${wx + ww} ${wy + 330} V${wy + wh} H${wx} Z`,
        C.sageDark,
      ),
      tree(wx + 120, wy + 380, 0.9, { canopy: C.tealMid, canopyB: C.teal }),
      tree(wx + 500, wy + 370, 1.1, { canopy: C.teal, canopyB: C.tealMid }),
      tree(wx + 300, wy + 390, 0.6, { canopy: C.sageDark, canopyB: C.tealMid }),
    ]),
  );
  out.push(rect(wx + ww / 3 - 4, wy, 8, wh, C.navy), rect(wx + (2 * ww) / 3 - 4, wy, 8, wh, C.navy), rect(wx, wy + 150, ww, 8, C.navy));
  out.push(rect(wx - 24, wy + wh + 10, ww + 48, 14, C.paper, { rx: 3 }));
  // sill plants
  out.push(pottedPlant(wx + 60, wy + wh + 10, 0.38, { pot: C.terracotta }), pottedPlant(wx + 540, wy + wh + 10, 0.42, { pot: C.paper }));
  // hanging planters
  [
    [250, 170, C.terracotta],
    [560, 230, C.paper],
  ].forEach(([hx, hy, pot]) => {
    out.push(line(hx, 0, hx, hy - 30, C.navy, 2), line(hx, hy - 30, hx - 30, hy, C.navy, 2), line(hx, hy - 30, hx + 30, hy, C.navy, 2));
    out.push(
      trailingIvy(hx - 22, hy + 20, 170, 8, C.tealMid, 12),
      trailingIvy(hx + 4, hy + 24, 220, 10, C.sageDark, -10),
      trailingIvy(hx + 24, hy + 20, 140, 6, C.teal, 8),
    );
    out.push(
      pathEl(`M${hx - 36} ${hy} H${hx + 36} Q${hx + 34} ${hy + 44} ${hx} ${hy + 46} Q${hx - 34} ${hy + 44} ${hx - 36} ${hy} Z`, pot),
    );
  });
  // vertical garden on the right wall
  const gx = 930,
    gy = 70,
    gw = 220,
    gh = 380;
  out.push(rect(gx - 10, gy - 10, gw + 20, gh + 20, C.wood, { rx: 6 }), rect(gx, gy, gw, gh, C.teal));
  const rand = rng(99);
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 5; c++) {
      const lx = gx + 20 + c * 45 + (r % 2) * 20,
        ly = gy + 50 + r * 45;
      if (lx > gx + gw - 10) continue;
      const col = [C.sage, C.tealMid, C.sageDark, '#7fb48f'][Math.floor(rand() * 4)];
      out.push(leaf(lx, ly, 46, 20, -40 + rand() * 80, col, tint(col, 0.3)));
    }
  }
  // big plant and lounge chair
  out.push(ellipse(520, floorY + 40, 260, 28, C.sage, { opacity: 0.7 }));
  out.push(bushyPlant(810, floorY + 10, 0.92, { pot: C.paper }));
  out.push(rect(380, floorY - 20, 10, 30, C.navy), rect(570, floorY - 20, 10, 30, C.navy));
  out.push(rect(362, floorY - 170, 236, 120, C.mustard, { rx: 44 }));
  out.push(rect(350, floorY - 62, 260, 46, C.mustardDark, { rx: 18 }), rect(372, floorY - 96, 216, 40, tint(C.mustard, 0.18), { rx: 16 }));
  out.push(rect(336, floorY - 118, 54, 104, C.mustard, { rx: 26 }), rect(570, floorY - 118, 54, 104, C.mustard, { rx: 26 }));
  out.push(
    g(rect(-34, -34, 68, 68, C.teal, { rx: 14 }), { transform: tr(430, floorY - 120, -12) }),
    g(rect(-30, -30, 60, 60, C.terraLight, { rx: 14 }), { transform: tr(522, floorY - 118, 10) }),
  );
  out.push(pottedPlant(1060, floorY + 10, 0.75, { pot: C.terracotta, tall: true }));
  return out;
}

/** Retrofit: an old classical facade combined with modern glass volumes. */
function sceneRetrofit() {
  const ground = 600;
  const out = [rect(0, 0, W, H, '#f3e4cc')];
  out.push(circle(900, 200, 210, C.terraLight, { opacity: 0.22 }));
  out.push(rect(0, ground, W, H - ground, C.sandDeep), rect(0, ground, W, 14, C.sand));
  // modern glass tower behind on the right
  out.push(glassTower(760, ground, 250, 470, { glass: C.tealMid, frame: C.navy, cols: 5, floors: 12 }));
  // old facade
  const fx = 190,
    fw = 560,
    top = 250,
    stone = '#e2c497',
    stoneD = '#c9a673';
  out.push(rect(fx, top, fw, ground - top, stone));
  out.push(rect(fx, ground - 110, fw, 110, stoneD));
  for (let y = ground - 84; y < ground; y += 26) out.push(rect(fx, y, fw, 3, stone, { opacity: 0.6 }));
  // pilasters
  for (let i = 0; i <= 4; i++) out.push(rect(fx + 10 + i * ((fw - 40) / 4), top + 14, 20, ground - top - 124, stoneD, { opacity: 0.8 }));
  // upper windows with pediment hoods and little balconies
  for (let row = 0; row < 2; row++) {
    for (let c = 0; c < 4; c++) {
      const wx = fx + 62 + c * 130,
        wy = top + 44 + row * 104;
      out.push(
        poly(
          [
            [wx - 10, wy - 8],
            [wx + 38, wy - 32],
            [wx + 86, wy - 8],
          ],
          stoneD,
        ),
      );
      out.push(windowPane(wx, wy, 76, 72, { frame: C.paper, glass: C.navyMid, cols: 2, rows: 2, fw: 5 }));
      out.push(rect(wx - 8, wy + 72, 92, 8, stoneD));
    }
  }
  out.push(rect(fx - 6, ground - 118, fw + 12, 10, shade(stoneD, 0.08)));
  // ground floor arches and door
  for (let c = 0; c < 4; c++) {
    const ax = fx + 50 + c * 130 + (c > 1 ? 10 : -10);
    if (c === 1 || c === 2) continue;
    out.push(pathEl(`M${ax} ${ground} V${ground - 50} A44 44 0 0 1 ${ax + 88} ${ground - 50} V${ground} Z`, C.navyMid));
    out.push(
      pathEl(`M${ax + 8} ${ground} V${ground - 50} A36 36 0 0 1 ${ax + 80} ${ground - 50} V${ground} Z`, C.tealLight, { opacity: 0.6 }),
    );
  }
  const dx = fx + fw / 2;
  out.push(pathEl(`M${dx - 52} ${ground} V${ground - 46} A52 52 0 0 1 ${dx + 52} ${ground - 46} V${ground} Z`, C.teal));
  out.push(rect(dx - 3, ground - 98, 6, 98, C.tealDark));
  // modern glass canopy over the door
  out.push(
    poly(
      [
        [dx - 96, ground - 106],
        [dx + 96, ground - 106],
        [dx + 112, ground - 94],
        [dx - 80, ground - 94],
      ],
      C.tealLight,
      { opacity: 0.9 },
    ),
    rect(dx - 96, ground - 108, 192, 4, C.navy),
  );
  // cornice
  out.push(rect(fx - 16, top - 22, fw + 32, 24, stoneD));
  for (let x = fx - 10; x < fx + fw + 10; x += 22) out.push(rect(x, top + 2, 12, 10, stoneD));
  // modern glass rooftop extension
  out.push(rect(fx + 40, top - 130, fw - 80, 108, C.tealLight));
  out.push(
    clipped(rect(fx + 40, top - 130, fw - 80, 108, '#000'), [
      poly(
        [
          [fx + 80, top - 22],
          [fx + 160, top - 22],
          [fx + 260, top - 130],
          [fx + 180, top - 130],
        ],
        '#ffffff',
        { opacity: 0.3 },
      ),
      poly(
        [
          [fx + 300, top - 22],
          [fx + 330, top - 22],
          [fx + 430, top - 130],
          [fx + 400, top - 130],
        ],
        '#ffffff',
        { opacity: 0.25 },
      ),
    ]),
  );
  for (let i = 1; i < 6; i++) out.push(rect(fx + 40 + i * ((fw - 80) / 6) - 2, top - 130, 4, 108, C.navy));
  out.push(
    rect(fx + 30, top - 140, fw - 60, 12, C.navy),
    rect(fx + 40, top - 130, fw - 80, 108, 'none', { stroke: C.navy, strokeWidth: 4 }),
  );
  // trees along the street
  out.push(tree(120, ground + 20, 1.0), tree(1100, ground + 20, 0.95, { canopy: C.tealMid, canopyB: C.sageDark }));
  return out;
}

/** Residential solar: pitched roof covered with panels under a big sun. */
function sceneSolar() {
  const ground = 590;
  const sky = vGradient([
    [0, '#f7e3c0'],
    [1, '#f4ecdf'],
  ]);
  const out = [sky.def, rect(0, 0, W, H, sky.fill)];
  out.push(sun(990, 150, 92, { rays: 12, color: C.mustard, rayColor: '#eab75c' }));
  // sun beams towards the roof
  [
    [880, 200, 700, 300],
    [900, 240, 760, 340],
    [860, 170, 620, 250],
  ].forEach(([a, b, c, d]) => out.push(line(a, b, c, d, C.mustard, 5, { strokeDasharray: '4 16', opacity: 0.9 })));
  out.push(pathEl(`M0 ${ground} Q300 ${ground - 40} 600 ${ground - 10} T1200 ${ground - 20} V${H} H0 Z`, C.sage));
  out.push(rect(0, ground + 10, W, H - ground, C.sageDark));
  out.push(tree(120, ground + 14, 1.0));
  // house body
  const hx = 270,
    hw = 520,
    body = 210,
    eave = ground - body;
  out.push(rect(hx, eave, hw, body, C.paper), rect(hx, eave, hw, 16, C.sand));
  out.push(windowPane(hx + 50, eave + 50, 110, 90, { frame: C.terracotta, glass: C.tealLight, fw: 6 }));
  out.push(windowPane(hx + 360, eave + 50, 110, 90, { frame: C.terracotta, glass: C.tealLight, fw: 6 }));
  out.push(rect(hx + 215, ground - 140, 90, 140, C.teal, { rx: 4 }), circle(hx + 290, ground - 70, 5, C.mustard));
  // roof plane (hip roof seen from the front) filled with panels
  const roof = [
    [hx - 40, eave + 4],
    [hx + hw + 40, eave + 4],
    [hx + hw - 60, eave - 170],
    [hx + 60, eave - 170],
  ];
  out.push(rect(hx + hw - 150, eave - 200, 40, 80, C.terraDark));
  out.push(poly(roof, C.terracotta), rect(hx - 44, eave - 2, hw + 88, 12, C.terraDark, { rx: 4 }));
  const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const at = (u, v) => lerp(lerp(roof[3], roof[2], u), lerp(roof[0], roof[1], u), v);
  const cols = 4,
    rows = 2,
    m = 0.03;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const u0 = 0.08 + (c * 0.84) / cols + m / 2,
        u1 = 0.08 + ((c + 1) * 0.84) / cols - m / 2;
      const v0 = 0.1 + (r * 0.8) / rows + m,
        v1 = 0.1 + ((r + 1) * 0.8) / rows - m;
      out.push(solarPanel([at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)], 4, 3));
    }
  }
  // battery / inverter box with a bolt
  out.push(rect(hx + hw + 20, ground - 160, 70, 100, C.navy, { rx: 8 }));
  out.push(
    poly(
      [
        [hx + hw + 60, ground - 145],
        [hx + hw + 40, ground - 108],
        [hx + hw + 56, ground - 108],
        [hx + hw + 48, ground - 75],
        [hx + hw + 72, ground - 118],
        [hx + hw + 56, ground - 118],
      ],
      C.mustard,
    ),
  );
  out.push(line(hx + hw, ground - 110, hx + hw + 20, ground - 110, C.navy, 4));
  out.push(shrub(hx + 10, ground + 6, 0.9, C.tealMid), shrub(hx + hw + 160, ground + 6, 1.1, C.sageDark));
  return out;
}

/** Rainwater reuse: rain cloud, gutter and downpipe feeding a tank, tap, garden. */
function sceneWaterReuse() {
  const ground = 590;
  const out = [rect(0, 0, W, H, '#e2ebe7')];
  out.push(circle(1040, 210, 150, C.tealLight, { opacity: 0.35 }));
  out.push(rect(0, ground, W, H - ground, '#c9d8c6'), rect(0, ground, W, 10, C.sageDark, { opacity: 0.5 }));
  // rain
  const rand = rng(12);
  for (let i = 0; i < 26; i++) {
    const x = 150 + rand() * 560,
      y = 175 + rand() * 160;
    out.push(drop(x, y, 9 + rand() * 4, i % 3 ? C.tealMid : C.teal, { shine: false }));
  }
  out.push(cloud(120, 180, 1.5, C.slate), cloud(330, 150, 1.2, C.navyMid));
  // house
  const hx = 200,
    hw = 380,
    hh = 200;
  out.push(
    house({ x: hx, y: ground, w: hw, h: hh, roofH: 130, overhang: 30, wall: C.paper, roof: C.terracotta, door: C.teal, chimney: false }),
  );
  // gutter, first-flush filter and pipe feeding the tank
  const gy = ground - hh - 2;
  const tx = 700,
    tw = 200,
    ttop = 430,
    tbot = ground - 4,
    tcx = tx + tw / 2;
  out.push(rect(hx - 34, gy - 4, hw + 80, 16, C.teal, { rx: 6 }));
  out.push(
    polyline(
      [
        [hx + hw + 30, gy + 4],
        [tcx, gy + 4],
        [tcx, ttop + 4],
      ],
      C.teal,
      16,
    ),
  );
  out.push(rect(hx + hw + 70, gy - 14, 34, 36, C.tealDark, { rx: 6 }), rect(hx + hw + 76, gy - 6, 22, 6, C.tealLight, { rx: 3 }));
  // tank with visible water level
  out.push(ellipse(tcx, tbot + 4, tw / 2 + 10, 14, '#000', { opacity: 0.1 }));
  out.push(rect(tx, ttop, tw, tbot - ttop, C.navyMid), ellipse(tcx, tbot, tw / 2, 18, C.navyMid));
  out.push(
    clipped(pathEl(`M${tx} ${ttop} H${tx + tw} V${tbot} A${tw / 2} 18 0 0 1 ${tx} ${tbot} Z`, '#000'), [
      rect(tx, ttop + 45, tw, 200, C.tealMid),
      ellipse(tcx, ttop + 45, tw / 2, 16, C.tealLight),
    ]),
  );
  [ttop + 95, ttop + 130].forEach((y) =>
    out.push(pathEl(`M${tx} ${y} A${tw / 2} 16 0 0 0 ${tx + tw} ${y}`, 'none', { stroke: C.navy, strokeWidth: 4, opacity: 0.3 })),
  );
  out.push(ellipse(tcx, ttop, tw / 2, 18, C.navy), ellipse(tcx, ttop, tw / 2 - 16, 12, C.navyMid));
  out.push(rect(tcx - 14, ttop - 8, 28, 14, C.teal, { rx: 4 }));
  // drop emblem on the tank
  out.push(drop(tcx, ttop + 112, 34, C.paper, { shine: false }), drop(tcx, ttop + 116, 23, C.teal));
  // tap dripping into the garden bed
  const tapY = tbot - 116;
  out.push(
    rect(tx + tw - 6, tapY, 56, 16, C.slate, { rx: 4 }),
    rect(tx + tw + 34, tapY, 16, 30, C.slate, { rx: 4 }),
    rect(tx + tw + 16, tapY - 14, 22, 14, C.terracotta, { rx: 3 }),
  );
  out.push(drop(tx + tw + 42, tapY + 52, 8, C.tealMid, { shine: false }), drop(tx + tw + 42, tapY + 72, 6, C.tealMid, { shine: false }));
  out.push(rect(925, ground - 40, 230, 50, C.wood, { rx: 6 }), rect(925, ground - 40, 230, 10, shade(C.wood, 0.15), { rx: 5 }));
  [995, 1040, 1085, 1125].forEach((x, i) => {
    out.push(
      leaf(x, ground - 36, 80 + (i % 2) * 26, 22, -18, C.sageDark, tint(C.sageDark, 0.3)),
      leaf(x + 8, ground - 36, 66 + (i % 2) * 30, 20, 20, C.tealMid, tint(C.tealMid, 0.3)),
    );
  });
  // reuse cycle: two arrows circling a drop
  const [ccx, ccy, cr] = [1040, 200, 86];
  const p = (a) => [ccx + cr * Math.sin((a * Math.PI) / 180), ccy - cr * Math.cos((a * Math.PI) / 180)];
  for (const [a0, a1] of [
    [20, 150],
    [200, 330],
  ]) {
    const [x0, y0] = p(a0),
      [x1, y1] = p(a1);
    out.push(
      pathEl(`M${r2(x0)} ${r2(y0)} A${cr} ${cr} 0 0 1 ${r2(x1)} ${r2(y1)}`, 'none', {
        stroke: C.teal,
        strokeWidth: 14,
        strokeLinecap: 'round',
      }),
    );
    out.push(
      g(
        poly(
          [
            [16, 0],
            [-12, -18],
            [-12, 18],
          ],
          C.teal,
        ),
        { transform: tr(x1, y1, a1) },
      ),
    );
  }
  out.push(drop(ccx, ccy + 8, 34, C.tealMid));
  return out;
}

/* ------------------------------------------------------------------------ */
/* Rendering                                                                 */
/* ------------------------------------------------------------------------ */

const SCENES = {
  'como-decorar-apartamentos-pequenos': sceneSmallApartment,
  'mercado-imobiliario-tendencias-2025': sceneMarketTrends,
  'aluguel-ou-compra-o-que-vale-mais-a-pena': sceneRentOrBuy,
  'financiamento-imobiliario-sac-ou-price': sceneFinancing,
  'como-usar-o-fgts-na-compra-do-imovel': sceneFgts,
  'fundos-imobiliarios-para-iniciantes': sceneReits,
  'imoveis-na-planta-riscos-e-vantagens': sceneOffPlan,
  'cores-e-iluminacao-na-decoracao': sceneColorsLighting,
  'arquitetura-biofilica-natureza-dentro-de-casa': sceneBiophilic,
  'retrofit-predios-antigos-centros-urbanos': sceneRetrofit,
  'energia-solar-residencial-vale-a-pena': sceneSolar,
  'casas-sustentaveis-reuso-de-agua': sceneWaterReuse,
};

async function main() {
  for (const [slug, scene] of Object.entries(SCENES)) {
    await mkdir(path.join(OUT_DIR, slug), { recursive: true });
    idCounter = 0;
    const svg = svgDoc(scene());
    const file = path.join(OUT_DIR, slug, 'imagem.webp');
    const buf = await sharp(Buffer.from(svg), { density: 72 })
      .resize(W, H)
      .webp({ quality: QUALITY, effort: 6, smartSubsample: true })
      .toBuffer();
    await writeFile(file, buf);
    console.log(`${path.relative(ROOT, file)}  ${(buf.length / 1024).toFixed(1)} KB`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
