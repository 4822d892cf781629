import type { ReactNode } from 'react';
import { newsroomAssets } from '../http/assets';
import { PATHS } from '../paths';
import { canManagePeople, canPublish, type Member, ROLE_NAMES } from '../team/roles';

/**
 * The newsroom's document: its own stylesheet and script (never a reader's),
 * no ads, no consent banner, nothing from another host. `member` is absent
 * on a refusal, before anyone is known.
 */
export function Layout({ title, member, children }: { title: string; member?: Member; children: ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} · Redação`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={newsroomAssets.styles} />
        <script type="module" src={newsroomAssets.script} />
      </head>
      <body>
        <header className="nr-header">
          <a className="nr-brand" href={PATHS.home}>
            Redação <span>Casa em Pauta</span>
          </a>
          {member && (
            <nav aria-label="Redação">
              <a href={PATHS.home}>Artigos</a>
              <a href={PATHS.live}>No ar</a>
              <a href={PATHS.photos()}>Fotos</a>
              {canPublish(member) && <a href={PATHS.authors}>Autores</a>}
              {canPublish(member) && <a href={PATHS.redirects()}>Endereços antigos</a>}
              {canManagePeople(member) && <a href={PATHS.people}>Equipe</a>}
            </nav>
          )}
          {member && (
            <p className="nr-who">
              {member.email} · {ROLE_NAMES[member.role]}
            </p>
          )}
        </header>
        <main id="conteudo">{children}</main>
      </body>
    </html>
  );
}
