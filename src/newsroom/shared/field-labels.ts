import type { FieldName } from './draft-input';

/**
 * What the edit form says about each field of the article schema, in pt-BR.
 * The form is generated from the schema (drafts/DraftForm.tsx): a field added to
 * the schema shows even before it has a label here, named by its key.
 */
export const FIELD_LABELS: Partial<Record<FieldName, { label: string; hint: string }>> = {
  titulo: { label: 'Título', hint: 'Aparece nos cards, no topo da página, nos resultados de busca e nas prévias de link.' },
  subtitulo: { label: 'Subtítulo (linha fina)', hint: 'Opcional: uma linha sob o título, só na página do artigo.' },
  descricao: { label: 'Resumo', hint: 'Aparece nos cards, nos resultados de busca e na descrição da página.' },
  tituloSocial: {
    label: 'Título para compartilhar',
    hint: 'Opcional: o título que WhatsApp, Facebook e X mostram no link, se for diferente do título. Até uns 60 caracteres aparecem inteiros.',
  },
  descricaoSocial: {
    label: 'Descrição para compartilhar',
    hint: 'Opcional: o texto sob o título no link compartilhado, se for diferente do resumo. Até uns 155 caracteres.',
  },
  data: {
    label: 'Data de publicação',
    hint: 'Vazio: publica agora (o minuto da publicação fica gravado). Horário de Brasília; uma data no futuro agenda o artigo: ele só aparece no site a partir dela.',
  },
  alt: { label: 'Texto alternativo da imagem', hint: 'O que a imagem mostra, para quem não pode vê-la. Obrigatório em artigo novo.' },
  credito: { label: 'Crédito da imagem', hint: 'P. ex. "Foto: Ana Lima/Folhapress". Sem crédito, o site mostra "Reprodução/Internet".' },
  atualizado: {
    label: 'Atualizado em',
    hint: 'Só em correções: o dia e a hora da correção (horário de Brasília), nunca antes da data de publicação.',
  },
  correcao: { label: 'Nota de correção', hint: 'O que a correção mudou; aparece sob o texto. Preencha também "Atualizado em".' },
  destaque: { label: 'Destaque na página inicial', hint: 'Marcado, o artigo entra no bloco de destaques da página inicial.' },
  autor: { label: 'Autor', hint: 'Quem assina. Sem autor, o artigo é assinado pela editora do site.' },
  temas: { label: 'Temas', hint: 'Um ou mais: o artigo aparece na página de cada tema.' },
};

/** What a draft without a title is called, in the list, on its page and in its tab. */
export const UNTITLED = 'Sem título';

export const labelOf = (name: FieldName) => FIELD_LABELS[name]?.label ?? name;
