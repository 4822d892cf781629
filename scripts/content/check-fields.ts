import { ALT_CHARS, CORRECTION_CHARS, CREDIT_CHARS } from '../../src/content/news-item.ts';
import { isThemeSlug, THEME_LIST } from '../../src/content/themes.ts';
import { parseUpdated, SITE_TIME_ZONE, siteInstantOf } from '../../src/content/updated.ts';
import { parseCalendarDate } from '../../src/lib/dates.ts';
import { UNSAFE_CHAR } from '../../src/lib/escape-xml.ts';
import { iso, meant, whyNotReal } from './check-date.ts';
import { describeValue } from './editor-text.ts';
import { error, type Problem, warning } from './problems.ts';

/**
 * The optional fields of article.json: `alt` (required for new articles),
 * `credito`, `atualizado`, `correcao`, `destaque` and `temas` (`autor` is checked against
 * the registry: author-registry.ts). Each problem names the file, the
 * field and the fix; the worker applies the same rules on every read
 * (src/content/news-item.ts).
 */

const ALT_EXAMPLE = '"Sala pequena com sofá, espelho redondo e prateleiras na parede"';

/**
 * The texts that may run over lines (a correction note, an author's bio): a
 * tab or a line break is only white space there. Every other text is one line.
 */
const PARAGRAPH_FIELDS: ReadonlySet<string> = new Set(['correcao', 'bio']);

const codeOf = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** A character a text may not hold, named for a message. */
function unsafeName(codePoint: number): string {
  if (codePoint === 0x09) return 'a tab';
  if (codePoint === 0x0a || codePoint === 0x0d) return `a line break (${codeOf(codePoint)})`;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return `half of an emoji or symbol (the lone surrogate ${codeOf(codePoint)})`;
  if (codePoint >= 0xfffe) return `the noncharacter ${codeOf(codePoint)}`;
  return `an invisible control character (${codeOf(codePoint)})`;
}

/** How to fix a character a text may not hold. */
function unsafeFix(codePoint: number, field: string): string {
  if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) return `replace it with a space: "${field}" is one line`;
  if (codePoint >= 0x80 && codePoint <= 0x9f) {
    // A C1 control in an editor's text is nearly always a Windows-1252 character (“ ” – …) decoded as Latin-1.
    const meant = new TextDecoder('windows-1252').decode(Uint8Array.of(codePoint));
    if (meant !== String.fromCharCode(codePoint)) {
      return `it is most likely ${meant} from a text saved as Windows-1252: write ${meant} in its place (or delete it)`;
    }
  }
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
    return 'write the whole character (in JSON, both halves of its \\u escape, e.g. "\\uD83C\\uDFE0" for 🏠), or delete it';
  }
  const written = `\\u${codePoint.toString(16).padStart(4, '0')}`;
  const why =
    codePoint >= 0x7f && codePoint <= 0x9f
      ? 'it shows as nothing, or as a box'
      : 'feed readers and Google News reject a feed or sitemap holding one';
  return `delete it (in the file it may be written ${written}), with a space in its place if it stood between two words: ${why}`;
}

/**
 * The characters a text may not hold, as one error naming the first (what it
 * is, the character number, the text before it) and how many follow: those
 * no feed or sitemap may carry (src/lib/escape-xml.ts, UNSAFE_CHAR), and in
 * a one-line text a tab or a line break.
 */
function unsafeCharsProblem(value: string, field: string, file: string): Problem | null {
  const oneLine = !PARAGRAPH_FIELDS.has(field);
  // By code point, as an editor counts characters (a lone surrogate is one).
  const chars = Array.from(value);
  const found = chars.flatMap((char, i) => (UNSAFE_CHAR.test(char) || (oneLine && '\t\n\r'.includes(char)) ? [i] : []));
  const at = found[0];
  if (at === undefined) return null;
  const codePoint = chars[at]!.codePointAt(0)!;
  const before = chars.slice(Math.max(0, at - 20), at).join('');
  const where = at === 0 ? 'at its start' : `at character ${at + 1}, after "${at > 20 ? '…' : ''}${before}"`;
  const more = found.length > 1 ? ` (and ${found.length - 1} more after it)` : '';
  return error(file, field, `"${field}" has ${unsafeName(codePoint)} ${where}${more}`, unsafeFix(codePoint, field));
}

/**
 * A text field's faults: not text, a character it may not hold (unsafeCharsProblem),
 * too short or long, extra spaces or markup. `tooLong` is the fix for a long one.
 */
export function checkPlainText(
  value: unknown,
  field: string,
  { min, max }: { min: number; max: number },
  file: string,
  example: string,
  tooLong = 'shorten it',
): Problem[] {
  if (typeof value !== 'string') {
    return [
      error(
        file,
        field,
        `"${field}" is ${describeValue(value)}, not a text in quotes`,
        `write the text in double quotes: "${field}": ${example}`,
      ),
    ];
  }
  const unsafe = unsafeCharsProblem(value, field, file);
  if (unsafe) return [unsafe];
  const length = value.trim().length;
  if (length < min || length > max) {
    return [
      error(
        file,
        field,
        `"${field}" has ${length} characters; ${min}–${max} are expected`,
        length > max ? tooLong : `write a fuller text, e.g. ${example}`,
      ),
    ];
  }
  if (value !== value.trim() || /\s{2,}|<[a-z/]/i.test(value)) {
    return [warning(file, field, `"${field}" has extra spaces or markup`, 'use plain text with single spaces')];
  }
  return [];
}

/**
 * `alt`, what the image shows: an error when a new article lacks it, a
 * warning for one already published (or bundled) without it, whose image the
 * title goes on describing.
 */
export function checkAlt(meta: Record<string, unknown>, file: string, published: boolean): Problem[] {
  const value = meta.alt;
  const { min, max } = ALT_CHARS;
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
    const what = value === undefined ? 'missing' : 'empty';
    return published
      ? [
          warning(
            file,
            'alt',
            `"alt" is ${what}: the title describes the image`,
            `add "alt": "…" saying what the image shows (${min}–${max} characters); new articles need it`,
          ),
        ]
      : [
          error(
            file,
            'alt',
            `"alt" is ${what}: a new article says what its image shows, for readers who cannot see it`,
            `add "alt" to article.json: what the image shows, ${min}–${max} characters, e.g. "alt": ${ALT_EXAMPLE}`,
          ),
        ];
  }
  const problems = checkPlainText(value, 'alt', ALT_CHARS, file, ALT_EXAMPLE);
  if (problems.length === 0 && typeof meta.titulo === 'string' && value === meta.titulo) {
    problems.push(
      warning(file, 'alt', '"alt" repeats the title', 'say what the image shows (people, places, objects), not what the article is about'),
    );
  }
  return problems;
}

/** `credito`, who made the image: shown under it as "Imagem: <credito>". */
export function checkCredit(value: unknown, file: string): Problem[] {
  if (value === undefined) return [];
  return checkPlainText(value, 'credito', CREDIT_CHARS, file, '"Foto: Ana Lima/Folhapress"');
}

const CORRECTION_EXAMPLE = '"A taxa de juros citada era de 9,5% ao ano, e não de 5,9%."';

/**
 * `correcao`, the note under a corrected article saying what changed (the
 * site's corrections policy promises one): dated by `atualizado`, so it needs
 * one. An `atualizado` without a note is a warning: readers learn the article
 * was corrected, not what was wrong.
 */
export function checkCorrection(meta: Record<string, unknown>, file: string): Problem[] {
  const value = meta.correcao;
  if (value === undefined) {
    return meta.atualizado === undefined
      ? []
      : [
          warning(
            file,
            'correcao',
            '"atualizado" is set but "correcao" is not: readers see the article was corrected, not what changed',
            `for a correction, add "correcao": ${CORRECTION_EXAMPLE} (${CORRECTION_CHARS.min}–${CORRECTION_CHARS.max} characters)`,
          ),
        ];
  }
  if (meta.atualizado === undefined) {
    return [
      error(
        file,
        'correcao',
        '"correcao" has no "atualizado": the note says when the article was corrected',
        'add "atualizado": "YYYY-MM-DD" (the day of the correction), or remove "correcao"',
      ),
    ];
  }
  return checkPlainText(value, 'correcao', CORRECTION_CHARS, file, CORRECTION_EXAMPLE);
}

const UPDATED_FORM = 'write it as "YYYY-MM-DD", or with the time in Brasília as "YYYY-MM-DDTHH:mm", e.g. "2025-05-03T14:30"';
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as São Paulo's wall-clock time, `YYYY-MM-DDTHH:mm`. */
export function siteWallClock(instant: number): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: SITE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const { type, value } of format.formatToParts(instant)) parts[type] = value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** What an `atualizado` written another way most likely means, in the accepted form; null when it cannot tell. */
function updatedMeant(text: string): string | null {
  // An ISO date and time with seconds, a zone or a space: São Paulo's time of that instant, or the time as written.
  const full = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (full) {
    const [, year, month, day, hour, minute, , zone] = full;
    if (zone) {
      const instant = Date.parse(`${year}-${month}-${day}T${pad(Number(hour))}:${minute}:00${zone.toUpperCase()}`);
      return Number.isNaN(instant) ? null : siteWallClock(instant);
    }
    return `${year}-${month}-${day}T${pad(Number(hour))}:${minute}`;
  }
  // A date written another way, maybe with a time: "03/05/2025", "03/05/2025 14:30", "3 de maio de 2025 às 14h30".
  const withTime = /^(.+?)[\s,]+(?:às\s*)?(\d{1,2})[:h](\d{2})$/iu.exec(text);
  const guess = meant(withTime ? withTime[1]! : text);
  if (!guess) return null;
  const [year, month, day] = guess;
  if (whyNotReal(year, month, day)) return null;
  return withTime ? `${iso(year, month, day)}T${pad(Number(withTime[2]))}:${withTime[3]}` : iso(year, month, day);
}

/**
 * `atualizado`, when the article was last corrected: a real day, or a day and
 * a time (São Paulo), not before `data`. In the future it is a warning, as
 * `data` is.
 */
export function checkUpdated(value: unknown, data: unknown, file: string, today: Date): Problem[] {
  if (value === undefined) return [];
  if (typeof value !== 'string') {
    return [error(file, 'atualizado', `"atualizado" is ${describeValue(value)}, not a date in quotes`, UPDATED_FORM)];
  }
  const exact = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (exact) {
    const [year, month, day, hour, minute] = exact.slice(1).map(Number) as [number, number, number, number, number];
    if (!parseCalendarDate(value.slice(0, 10))) {
      return [
        error(
          file,
          'atualizado',
          `"atualizado" "${value}" is not a real calendar date: ${whyNotReal(year, month, day)}`,
          'check the day and the month',
        ),
      ];
    }
    if (exact[4] !== undefined && (hour > 23 || minute > 59)) {
      return [
        error(
          file,
          'atualizado',
          `"atualizado" "${value}" has no time ${exact[4]}:${exact[5]}`,
          'hours go from 00 to 23, minutes from 00 to 59',
        ),
      ];
    }
    if (typeof data === 'string' && parseUpdated(data) && value.slice(0, 10) < data.slice(0, 10)) {
      return [
        error(
          file,
          'atualizado',
          `"atualizado" ${value} is before "data" ${data}`,
          'a correction comes after the publication: check both dates ("atualizado" is the day of the correction)',
        ),
      ];
    }
    const updated = parseUpdated(value)!;
    const when = updated.time ? siteInstantOf(value)! : updated.day.getTime();
    if (when > today.getTime()) {
      return [warning(file, 'atualizado', `"atualizado" ${value} is in the future`, 'check the date: it is shown as "Atualizado em …"')];
    }
    return [];
  }
  const trimmed = value.trim();
  if (trimmed !== value && /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?$/.test(trimmed)) {
    return [error(file, 'atualizado', `"atualizado" is ${JSON.stringify(value)}, with spaces around it`, `write it as "${trimmed}"`)];
  }
  const guess = updatedMeant(trimmed);
  return [
    error(
      file,
      'atualizado',
      `"atualizado" is ${JSON.stringify(value)}, not "YYYY-MM-DD" or "YYYY-MM-DDTHH:mm" (Brasília time, no seconds, no zone)`,
      guess ? `write it as "${guess}"` : UPDATED_FORM,
    ),
  ];
}

/** `destaque`: true puts the article in the home page's featured block (the newest marked one). */
export function checkFeatured(value: unknown, file: string): Problem[] {
  if (value === undefined || typeof value === 'boolean') return [];
  if (value === 'true' || value === 'false') {
    return [error(file, 'destaque', `"destaque" is the text "${value}", in quotes`, `write ${value} without quotes: "destaque": ${value}`)];
  }
  return [
    error(
      file,
      'destaque',
      `"destaque" is ${describeValue(value)}; it is true or false`,
      'write "destaque": true to feature the article on the home page, or remove the field',
    ),
  ];
}

/** `temas`: a list of the six themes' slugs (src/content/themes.ts), each once. */
export function checkThemes(value: unknown, file: string): Problem[] {
  if (value === undefined) return [];
  const slugs = THEME_LIST.map((theme) => theme.slug);
  const hint = `write a list of one or more of: ${slugs.join(', ')}; e.g. "temas": ["decoracao", "arquitetura"]`;
  if (typeof value === 'string') {
    return [
      error(
        file,
        'temas',
        `"temas" is the text ${JSON.stringify(value)}, not a list`,
        `put it in brackets: "temas": [${JSON.stringify(value)}]`,
      ),
    ];
  }
  if (!Array.isArray(value) || value.length === 0)
    return [error(file, 'temas', `"temas" is ${describeValue(value)}, not a list of themes`, hint)];
  const problems: Problem[] = [];
  const seen = new Set<unknown>();
  for (const theme of value) {
    if (seen.has(theme)) problems.push(error(file, 'temas', `"temas" lists ${JSON.stringify(theme)} twice`, 'list each theme once'));
    seen.add(theme);
    if (isThemeSlug(theme)) continue;
    const plain =
      typeof theme === 'string'
        ? theme
            .normalize('NFD')
            .replace(/\p{M}/gu, '')
            .toLowerCase()
            .replace(/^#/, '')
            .replace(/[\s_]+/g, '-')
        : '';
    const near = slugs.find((slug) => slug === plain || slug.replace(/-/g, '') === plain.replace(/-/g, ''));
    problems.push(
      error(file, 'temas', `"temas" has ${JSON.stringify(theme)}, which is not one of the six themes`, near ? `write "${near}"` : hint),
    );
  }
  return problems;
}
