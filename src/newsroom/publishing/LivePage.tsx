import type { NewsEntry } from '#src/content/schema/news-item.ts';
import { articlePath } from '#src/seo/urls.ts';
import { EditLiveButton } from '../drafts/DraftsPage';
import { XsrfField } from '../http/XsrfField';
import { PATHS } from '../paths';
import { shownAt } from '../shared/when';
import type { ActionRecord } from './actions-store';

/** What each recorded action is called in the history. */
const DONE: Record<ActionRecord['action'], string> = {
  publicar: 'publicou',
  agendar: 'agendou',
  corrigir: 'corrigiu',
  despublicar: 'despublicou',
  'adicionar-autor': 'adicionou o autor',
  'alterar-autor': 'alterou o autor',
};

/** The newsroom's history: who did what to which article or author, and when, newest first. */
export function History({ actions }: { actions: readonly ActionRecord[] }) {
  if (actions.length === 0) return <p>Nada foi feito pela redação no site ainda.</p>;
  return (
    <ul className="nr-list">
      {actions.map((action) => (
        <li key={`${action.at}-${action.slug}-${action.action}`}>
          <p>
            {`${action.email} ${DONE[action.action]} `}
            <strong>{action.title}</strong>
          </p>
          <p className="nr-meta">{`${shownAt(action.at)} · ${action.detail}`}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The articles on the site, newest first (scheduled ones say when they show),
 * each with a way to take it down for those who may; then the history.
 */
export function LivePage({
  articles,
  now,
  mayChange,
  actions,
  notice,
  xsrf,
}: {
  articles: readonly NewsEntry[];
  now: number;
  mayChange: boolean;
  actions: readonly ActionRecord[];
  notice?: string;
  xsrf: string;
}) {
  return (
    <>
      <h1>No ar</h1>
      {notice && (
        <p className="nr-notice" role="status">
          {notice}
        </p>
      )}
      {articles.length === 0 ? (
        <p>Nenhum artigo no site ainda.</p>
      ) : (
        <ul className="nr-list">
          {articles.map((article) => (
            <li key={article.slug}>
              <a href={articlePath(article)}>{article.titulo}</a>
              <p className="nr-meta">
                <span className="nr-state">{article.published > now ? `agendado para ${shownAt(article.published)}` : 'publicado'}</span> ·{' '}
                {shownAt(article.published)}
              </p>
              <EditLiveButton slug={article.slug} xsrf={xsrf} />
              {mayChange && (
                <p>
                  <a href={PATHS.unpublish(article.slug)}>Despublicar…</a>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2>Histórico</h2>
      <History actions={actions} />
    </>
  );
}

/** The question before an article leaves the site: what happens, and the button that does it. */
export function UnpublishPage({ article, xsrf }: { article: NewsEntry; xsrf: string }) {
  return (
    <>
      <h1>Despublicar "{article.titulo}"?</h1>
      <p>
        O artigo sai da página inicial, das listas e da busca, e o endereço dele passa a responder "página não encontrada". O texto e as
        imagens são apagados do site 10 minutos depois. O rascunho, se houver, continua na redação.
      </p>
      <form method="post" action={PATHS.unpublish(article.slug)}>
        <XsrfField token={xsrf} />
        <button type="submit" className="nr-danger">
          Despublicar
        </button>
      </form>
      <p>
        <a href={PATHS.live}>Cancelar</a>
      </p>
    </>
  );
}
