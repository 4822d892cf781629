import { describe, expect, it } from 'vitest';
import { covered, partOf } from '../../client/newsroom/image-encode';

const picture = (width: number, height: number) => ({ image: {} as ImageBitmap, width, height });

describe('the share image the browser draws (covered)', () => {
  it('is the centre of a 1200×675 picture, 23 px cut at the top and 22 at the bottom, drawn at 1200×630', () => {
    expect(covered(partOf(picture(1200, 675)), { width: 1200, height: 630 })).toEqual({
      source: { x: 0, y: 23, width: 1200, height: 630 },
      width: 1200,
      height: 630,
    });
  });

  it('is taken from inside the published 16:9 part of a larger picture, never outside it', () => {
    // A 4:3 phone photo kept at its top: the part is its top 2400×1350; the share image is that part's centre.
    const part = partOf(picture(2400, 1800), { width: 2400, height: 1350 }, 0);
    const { source } = covered(part, { width: 1200, height: 630 });
    expect(source).toEqual({ x: 0, y: 45, width: 2400, height: 1260 });
    expect(source.y + source.height).toBeLessThanOrEqual(part.y + part.height);
  });
});
