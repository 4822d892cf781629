import type { TextFault } from './editor-text';

/** The one file of an article written in Markdown. */
export const MARKDOWN_FILE = 'index.md';
/** The front-matter field naming the main image file, in the folder. */
export const IMAGE_FIELD = 'imagem';

/** A fault of index.md, at a line (and column) when it has one. */
export interface PlacedFault extends TextFault {
  line?: number;
  column?: number;
}

export const MESSAGES = {
  noFrontMatter: {
    message: `${MARKDOWN_FILE} não começa pelos campos do artigo (o cabeçalho entre linhas "---")`,
    hint: 'comece o arquivo com uma linha "---", depois os campos (titulo: …, descricao: …, data: …), outra linha "---" e então o texto',
  },
  unclosed: {
    message: 'o cabeçalho aberto na linha 1 não é fechado',
    hint: 'ponha uma linha "---" depois do último campo, antes do texto',
  },
  yamlHint:
    'escreva um campo por linha, como nome: valor; ponha entre aspas retas um texto que tenha ": " ou " #", ou que comece com aspas, [, {, *, & ou !, por exemplo titulo: "Reforma: por onde começar"',
  notFields: (found: string) => ({
    message: `o cabeçalho tem ${found}, e não campos`,
    hint: 'escreva um campo por linha, como nome: valor, por exemplo titulo: …',
  }),
  bothFormats: (legacy: string) => ({
    message: `a pasta tem ${MARKDOWN_FILE} e também ${legacy}: um artigo, duas versões`,
    hint: `só o ${MARKDOWN_FILE} é lido: confira que ele tem o artigo todo e apague ${legacy}`,
  }),
  oldFormat: (folder: string) => ({
    message: 'esta pasta está no formato antigo (article.json + body.html)',
    hint: `converta-a com npm run content:convert -- ${folder}`,
  }),
  misnamed: (found: string) => ({
    message: `falta ${MARKDOWN_FILE}; há "${found}"`,
    hint: `renomeie "${found}" para "${MARKDOWN_FILE}" (exatamente assim, sem ".txt")`,
  }),
  missing: {
    message: `falta ${MARKDOWN_FILE}`,
    hint: `escreva o artigo num ${MARKDOWN_FILE} nesta pasta: os campos entre linhas "---", depois o texto (npm run content:new cria um modelo)`,
  },
  imageMissing: {
    message: `falta "${IMAGE_FIELD}": a imagem principal do artigo é indicada no cabeçalho`,
    hint: `acrescente ${IMAGE_FIELD}: foto.jpg, com o nome do arquivo de imagem da pasta (JPEG, PNG, WebP ou AVIF), 1200×675`,
  },
  imageNotText: (found: string) => ({
    message: `"${IMAGE_FIELD}" é ${found}, e não um nome de arquivo`,
    hint: `escreva ${IMAGE_FIELD}: foto.jpg, com o nome do arquivo de imagem da pasta`,
  }),
  imageNotHere: (name: string) => ({
    message: `"${IMAGE_FIELD}" indica "${name}", que não é um arquivo desta pasta`,
    hint: `indique um arquivo ao lado do ${MARKDOWN_FILE} (sem pasta no nome), por exemplo ${IMAGE_FIELD}: foto.jpg`,
  }),
  imageAbsent: (name: string, near: readonly string[]) => ({
    message: `"${IMAGE_FIELD}" indica "${name}", mas não há esse arquivo na pasta`,
    hint:
      near.length > 0
        ? `indique um destes: ${near.join(', ')}`
        : `ponha a imagem como ${name} ao lado do ${MARKDOWN_FILE}, ou corrija o nome`,
  }),
  imageFormat: (name: string) => ({
    message: `"${IMAGE_FIELD}" indica "${name}", que não tem nome de arquivo JPEG, PNG, WebP ou AVIF`,
    hint: 'converta a imagem para um desses formatos, com o nome terminando em .jpg, .jpeg, .png, .webp ou .avif',
  }),
} as const;
