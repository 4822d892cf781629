import { describe, expect, it } from 'vitest';
import { readingTimeMinutes, WORDS_PER_MINUTE } from '#src/lib/reading-time.ts';

const words = (count: number) => Array.from({ length: count }, (_, i) => `palavra${i}`).join(' ');

describe('readingTimeMinutes (docs/product.md §9)', () => {
  it('is 1 without a body', () => {
    expect(readingTimeMinutes(undefined)).toBe(1);
    expect(readingTimeMinutes(null)).toBe(1);
    expect(readingTimeMinutes('')).toBe(1);
  });

  it('is at least 1 for a body with few or no words', () => {
    expect(readingTimeMinutes('<p></p>')).toBe(1);
    expect(readingTimeMinutes('<p>uma</p>')).toBe(1);
  });

  it('divides words by 200 and rounds up', () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readingTimeMinutes(`<p>${words(200)}</p>`)).toBe(1);
    expect(readingTimeMinutes(`<p>${words(201)}</p>`)).toBe(2);
    expect(readingTimeMinutes(`<p>${words(400)}</p>`)).toBe(2);
    expect(readingTimeMinutes(`<p>${words(1001)}</p>`)).toBe(6);
  });

  it('strips tags and their attributes and splits on any whitespace', () => {
    const attrs = ' class="a b c d e f g h i j"'.repeat(50);
    expect(readingTimeMinutes(`<p${attrs}>${words(150)}</p>`)).toBe(1);
    // Adjacent tags do not glue words together.
    expect(readingTimeMinutes(`${'<li>a</li><li>b</li>'.repeat(101)}`)).toBe(2);
    expect(readingTimeMinutes(`a\tb\nc\r\n${words(198)}`)).toBe(2);
  });

  it('counts exactly as stripping tags with /<[^>]*>/ and splitting on /s+/ would', () => {
    const reference = (html: string) =>
      Math.max(
        1,
        Math.ceil(
          html
            .replace(/<[^>]*>/g, ' ')
            .split(/\s+/)
            .filter(Boolean).length / WORDS_PER_MINUTE,
        ),
      );
    const filler = (count: number) => words(count).replace(/ /g, '\u00a0 ');
    for (const html of [
      `${words(200)} <b`, // a "<" with no ">" after it is text: the 201st word
      `${words(199)} a<b c>d`, // a tag glued between two words splits them
      `${words(199)}\u00a0x\u2003y\u3000z\ufeffw`, // Unicode spaces separate words, as \s does
      `${words(200)}\u200bx`, // a zero-width space is not \s: one word
      `${filler(150)}<p class="a > b">${words(60)}`,
      '<<>>',
      '>',
    ]) {
      expect(readingTimeMinutes(html)).toBe(reference(html));
    }
  });
});
