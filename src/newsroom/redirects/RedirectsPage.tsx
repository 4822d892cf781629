import type { Redirect } from '#src/redirects/redirects-store.ts';
import { XsrfField } from '../http/XsrfField';
import { Pager, SearchBox } from '../layout/SearchBox';
import { PATHS } from '../paths';
import { shownAt } from '../shared/when';

/** An old address as a person reads it: `constru%c3%a7%c3%a3o` is "construção" (the stored text when it does not decode). */
function readable(address: string): string {
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
}

/** What made a redirect, in an editor's words. */
const ORIGINS: Record<string, string> = { wordpress: 'importação do WordPress' };

/**
 * The old addresses that lead to the site's pages (after a move from
 * WordPress): searchable, a page at a time, each with where it leads and a
 * button to remove it (the old address then answers "página não encontrada").
 */
export function RedirectsPage({
  redirects,
  total,
  query,
  page,
  pages,
  notice,
  xsrf,
}: {
  redirects: readonly Redirect[];
  total: number;
  query: string;
  page: number;
  pages: number;
  notice?: string;
  xsrf: string;
}) {
  const link = (to: number) => PATHS.redirects({ ...(query ? { busca: query } : {}), ...(to > 1 ? { pagina: String(to) } : {}) });
  return (
    <>
      <h1>Endereços antigos</h1>
      <p>
        Links do site antigo que levam às páginas deste: quem chega por um deles (do Google, de uma mensagem antiga) vai direto para a
        página nova. Remova um endereço só se ele levar ao lugar errado: depois disso ele responde "página não encontrada".
      </p>
      {notice && (
        <p className="nr-notice" role="status">
          {notice}
        </p>
      )}
      <SearchBox label="Buscar no endereço antigo ou no novo" query={query} action={PATHS.redirects()} clear={PATHS.redirects()} />
      <p className="nr-meta" role="status">
        {total === 0
          ? query
            ? `Nenhum endereço antigo com "${query}".`
            : 'Nenhum endereço antigo guardado.'
          : `${total.toLocaleString('pt-BR')} endereço(s)${query ? ` com "${query}"` : ''}${pages > 1 ? `, página ${page} de ${pages}` : ''}.`}
      </p>
      <ul className="nr-list">
        {redirects.map((redirect) => (
          <li key={redirect.key}>
            <p className="nr-row-title">{readable(redirect.address)}</p>
            <p>
              leva para <a href={redirect.target}>{redirect.target}</a>
            </p>
            <p className="nr-meta">
              {ORIGINS[redirect.origin] ?? redirect.origin} · {shownAt(redirect.createdAt)}
            </p>
            <form method="post" action={PATHS.removeRedirect()}>
              <XsrfField token={xsrf} />
              <input type="hidden" name="chave" value={redirect.key} />
              <button type="submit" className="nr-danger">
                Remover
              </button>
            </form>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} link={link} />
    </>
  );
}
