import { videoOfArticle } from '#shared/video-embed.ts';
import { FIGURE_FOLDER, figureName, isPublishedImagePath } from '../publishing/plan/figure-files';
import type { TextFault } from './editor-text';

/**
 * What the Markdown reader (markdown-article.ts) says about what a journalist
 * wrote, in the words written: the heading's `#`, the image's `![…](…)`, the
 * link's address, the video's address. Whatever it notes here it converts to
 * markup the body policy accepts (or leaves out), so the policy, which speaks
 * of HTML elements, only ever speaks of markup the journalist typed.
 */

/** A note of the Markdown reader, at a line of the Markdown. */
export interface BodyNote extends TextFault {
  /** What the note is about, as the check labels it: `vídeo`, `tabela`, `imagem`, `link`, `intertítulo`. */
  subject: string;
  line: number;
  /** An error blocks a publish (what it refuses is left out of the page); a warning does not. */
  severity: 'error' | 'warning';
}

/** A note without its place: the reader adds the line. */
export type Said = Omit<BodyNote, 'line'>;

const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A video written without a title: the address as typed, and what it is called meanwhile. */
export function untitledVideo(written: string, articleTitle: string | undefined): Said {
  const address = clip(written);
  return {
    subject: 'vídeo',
    severity: 'warning',
    message: `o vídeo ${address} não tem título`,
    hint: `escreva-o entre aspas duplas depois do endereço, na mesma linha: ${address} "Título do vídeo" (os leitores de tela anunciam o vídeo por ele; sem ele, o site o chama de "${videoOfArticle(articleTitle)}")`,
  };
}

/** A tool's address whose inputs the tool would refuse: the card opens the tool's empty form. */
export function refusedToolInputs(written: string): Said {
  return {
    subject: 'ferramenta',
    severity: 'warning',
    message: `os dados no endereço ${clip(written)} não são aceitos pela ferramenta: o cartão abre a ferramenta sem eles`,
    hint: 'faça a conta na página da ferramenta e copie o endereço do resultado, ou apague tudo depois do "?"',
  };
}

/** The heading levels the text may use: `##` to `####` (the page's title is the one level-1 heading). */
export const HEADING_LEVELS = { min: 2, max: 4 } as const;

/** A heading of a level the text does not use, and the level it is shown at meanwhile. */
export function headingLevel(level: number, text: string, markup: string): Said & { shownAs: number } {
  // A heading is written with #s before it, or (levels 1 and 2) underlined with === or ---.
  const written = markup.startsWith('=') ? `${clip(text)}" sublinhado com "===` : `${'#'.repeat(level)} ${clip(text)}`;
  if (level < HEADING_LEVELS.min) {
    return {
      subject: 'intertítulo',
      severity: 'error',
      shownAs: HEADING_LEVELS.min,
      message: `"${written}" é um título de nível 1, e a página já tem o seu: o titulo do artigo`,
      hint: `escreva ## ${clip(text)} (com dois #) para uma seção; ### e #### para as partes dela`,
    };
  }
  return {
    subject: 'intertítulo',
    severity: 'error',
    shownAs: HEADING_LEVELS.max,
    message: `"${written}": o texto só usa intertítulos de ## a ####`,
    hint: `escreva #### ${clip(text)}`,
  };
}

/** What is wrong with an image written as `![alt](src)`: null when the figure check (figures.ts) has the rest to say. */
export function imageFault(src: string, alt: string): Said | null {
  if (figureName(src) === null && !isPublishedImagePath(src)) {
    return {
      subject: 'imagem',
      severity: 'error',
      message: `a imagem ${clip(src)} não está na pasta ${FIGURE_FOLDER}/ do artigo`,
      hint: `ponha o arquivo na pasta ${FIGURE_FOLDER}/ do artigo e escreva ![o que a imagem mostra](${FIGURE_FOLDER}/<arquivo>): imagens de outros sites não são publicadas`,
    };
  }
  if (alt.trim() === '') {
    return {
      subject: 'imagem',
      severity: 'error',
      message: `a imagem ${clip(src)} não tem descrição`,
      hint: `escreva entre os colchetes o que ela mostra, para quem não pode vê-la (de 10 a 150 caracteres): ![o que a imagem mostra](${clip(src)})`,
    };
  }
  return null;
}

/** A link whose address is not one of the web's (`[texto](endereço)`). */
export function linkFault(href: string): Said {
  return {
    subject: 'link',
    severity: 'error',
    message: `o link para ${clip(href)} não é um endereço da web`,
    hint: 'um link leva a https://…, mailto: ou tel:, ou a uma página do site, como /noticia/<slug> (nada de javascript:, data: ou caracteres escondidos)',
  };
}
