import { ALLOWED_ELEMENT_NAMES, isAllowedImageSrc } from './html-policy';

// What an editor reads when the body policy refuses something (./body-html.ts):
// one place, so the messages can change language in one go.

const ALLOWED_LIST = ALLOWED_ELEMENT_NAMES.filter((name) => name !== 'iframe' && name !== 'img')
  .map((name) => `<${name}>`)
  .join(' ');

export function elementRefusal(name: string, src: string | undefined, alt: string | undefined): [message: string, fix: string] {
  if (name === 'img' && !isAllowedImageSrc(src)) {
    return [
      src === undefined ? '<img> sem src=' : `<img src="${src.slice(0, 60)}"> não é uma imagem deste artigo`,
      'ponha a imagem na pasta imagens/ do artigo e use o endereço imagens/<arquivo> (nada de endereços de fora, data: ou javascript:)',
    ];
  }
  if (name === 'img' && !alt?.trim())
    return [
      '<img> sem texto alternativo',
      'descreva a imagem em alt="…" (no Markdown, entre os colchetes de ![…]), de 10 a 150 caracteres',
    ];
  if (name === 'iframe') {
    return [
      `<iframe> de "${(src ?? '').slice(0, 60)}" não é um vídeo que o site aceite`,
      'só vídeos do YouTube: ponha o endereço (https://www.youtube.com/watch?v=…) sozinho numa linha, ou https://www.youtube-nocookie.com/embed/<código> com os 11 caracteres do código',
    ];
  }
  if (name === 'h1') return ['<h1> no texto', 'a página mostra o titulo como <h1>: use <h2> (## no Markdown) para as seções'];
  return [
    `<${name}> não é permitido num artigo`,
    `apague a marcação <${name}>; o texto pode usar ${ALLOWED_LIST}, <img> de imagens/ e vídeos do YouTube`,
  ];
}

export function attributeRefusal(element: string, attribute: string): [message: string, fix: string] {
  if (attribute.startsWith('on'))
    return [`atributo de evento ${attribute}= em <${element}>`, `apague ${attribute}=: um artigo não pode rodar scripts`];
  if (attribute === 'style' || attribute === 'class') {
    return [`${attribute}= em <${element}> não é permitido`, `apague ${attribute}=: a folha de estilos do site formata os artigos`];
  }
  if (attribute === 'id' || attribute === 'name') {
    return [`${attribute}= em <${element}> não é permitido`, `apague ${attribute}=: ele poderia tomar nomes que os scripts da página usam`];
  }
  return [`o atributo ${attribute}= não é permitido em <${element}>`, `apague ${attribute}=`];
}

export function parseErrorMessage(code: string): string {
  if (code === 'cdata-in-html-content')
    return 'uma seção CDATA (<![CDATA[…]]>), que o HTML não tem: os navegadores a encerram no primeiro ">"';
  if (code === 'unexpected-question-mark-instead-of-tag-name') return 'uma instrução de processamento (<?…?>), que o HTML não tem';
  return `HTML malformado (${code})`;
}

export function parseErrorFix(code: string): string {
  if (code === 'cdata-in-html-content' || code === 'unexpected-question-mark-instead-of-tag-name')
    return 'apague-a; escreva o texto como HTML simples';
  return 'corrija a marcação aqui (um editor com validação de HTML mostra o ponto exato)';
}
