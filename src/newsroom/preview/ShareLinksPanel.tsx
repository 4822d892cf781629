import { XsrfField } from '../http/XsrfField';
import { PATHS } from '../paths';
import { shownAt } from '../shared/when';
import type { ShareLink } from './share-links';

/** A link as the panel shows it: its address while it works, else why it no longer does. */
export interface ListedLink extends ShareLink {
  url: string;
}

function stateOf(link: ShareLink, now: number): string {
  if (link.revokedAt !== null) return `revogado em ${shownAt(link.revokedAt)}`;
  if (link.expiresAt <= now) return `expirou em ${shownAt(link.expiresAt)}`;
  return `vale até ${shownAt(link.expiresAt)}`;
}

/**
 * The newsroom preview's links to share (editors, and the draft's author):
 * make one, copy its address, revoke it. Forms posted to the newsroom, so no
 * script is needed (the preview runs none).
 */
export function ShareLinksPanel(props: { draftId: string; links: readonly ListedLink[]; now: number; xsrf: string; enabled: boolean }) {
  const { draftId, links, now, xsrf, enabled } = props;
  return (
    <section className="pv-share" aria-labelledby="pv-share-title">
      <h2 id="pv-share-title">Compartilhar a prévia</h2>
      {enabled ? (
        <form method="post" action={PATHS.shareLinks(draftId)}>
          <XsrfField token={xsrf} />
          <button type="submit">Criar link (vale 48 horas)</button>
          <span className="pv-hint"> Quem tiver o link lê a versão salva do rascunho, sem entrar na redação.</span>
        </form>
      ) : (
        <p>Links de prévia não estão ativados neste site (falta configurar o segredo que os assina).</p>
      )}
      {links.length > 0 && (
        <ul>
          {links.map((link) => {
            const live = link.revokedAt === null && link.expiresAt > now;
            return (
              <li key={link.id}>
                {live && (
                  <input
                    className="pv-link"
                    type="text"
                    readOnly
                    value={link.url}
                    aria-label={`Link criado por ${link.createdBy} em ${shownAt(link.createdAt)}`}
                  />
                )}
                <span>
                  Criado por {link.createdBy} em {shownAt(link.createdAt)}, {stateOf(link, now)}
                </span>
                {live && (
                  <form method="post" action={PATHS.revokeLink(draftId, link.id)}>
                    <XsrfField token={xsrf} />
                    <button type="submit">Revogar</button>
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
