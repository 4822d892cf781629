import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_ICON, BRAND_SVG } from '#src/components/layout/brand-drawing.ts';

describe('the brand drawing', () => {
  it('is the drawing of assets/favicon.svg, which the newsroom and the app icons use', () => {
    const file = readFileSync('assets/favicon.svg', 'utf8').trim();
    expect(BRAND_SVG.replaceAll("'", '"')).toBe(file);
  });

  it('is the tab icon as a data: address that gives back the same SVG, with nothing in it that would end the attribute', () => {
    const prefix = 'data:image/svg+xml,';
    expect(BRAND_ICON.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(BRAND_ICON.slice(prefix.length))).toBe(BRAND_SVG);
    expect(BRAND_ICON).not.toMatch(/["'<>#&]/);
  });
});
