import type { AuthorChoice } from '../drafts/DraftForm';
import { XsrfField } from '../http/XsrfField';
import { PATHS } from '../paths';
import type { Person } from './people-store';
import { ROLE_NAMES, ROLES, type Role } from './roles';

function RoleSelect({ id, value }: { id: string; value?: Role }) {
  return (
    <select id={id} name="papel" defaultValue={value ?? 'colaborador'}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_NAMES[role]}
        </option>
      ))}
    </select>
  );
}

function AuthorSelect({ id, value, authors }: { id: string; value: string | null; authors: readonly AuthorChoice[] }) {
  return (
    <select id={id} name="autor" defaultValue={value ?? ''}>
      <option value="">Nenhum</option>
      {authors.map((author) => (
        <option key={author.slug} value={author.slug}>
          {author.name}
        </option>
      ))}
    </select>
  );
}

/** The newsroom's people, for an editor-in-chief: add someone, change their role or author, remove them. */
export function PeoplePage({
  people,
  authors,
  xsrf,
  isConfiguredChief,
  notice,
}: {
  people: readonly Person[];
  authors: readonly AuthorChoice[];
  xsrf: string;
  isConfiguredChief: (email: string) => boolean;
  notice?: string;
}) {
  return (
    <>
      <h1>Equipe</h1>
      {notice && (
        <p className="nr-notice" role="status">
          {notice}
        </p>
      )}
      <ul className="nr-list">
        {people.map((person, n) => (
          <li key={person.email}>
            <p className="nr-person">{person.email}</p>
            <form method="post" action={PATHS.people} className="nr-inline-form">
              <XsrfField token={xsrf} />
              <input type="hidden" name="email" value={person.email} />
              {isConfiguredChief(person.email) ? (
                <p className="nr-meta">
                  {ROLE_NAMES.chefe} definido(a) na configuração do site: não pode ser removido(a) nem mudar de papel aqui
                </p>
              ) : (
                <span className="nr-labelled">
                  <label htmlFor={`papel-${n}`}>Papel</label>
                  <RoleSelect id={`papel-${n}`} value={person.role} />
                </span>
              )}
              <span className="nr-labelled">
                <label htmlFor={`autor-${n}`}>Autor</label>
                <AuthorSelect id={`autor-${n}`} value={person.author} authors={authors} />
              </span>
              {isConfiguredChief(person.email) && <input type="hidden" name="papel" value="chefe" />}
              <button type="submit">Salvar</button>
            </form>
            {!isConfiguredChief(person.email) && (
              <form method="post" action={PATHS.removePerson}>
                <XsrfField token={xsrf} />
                <input type="hidden" name="email" value={person.email} />
                <button type="submit" className="nr-danger">
                  Remover {person.email}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <h2>Adicionar alguém</h2>
      <form method="post" action={PATHS.people} className="nr-form">
        <XsrfField token={xsrf} />
        <div className="nr-field">
          <label htmlFor="novo-email">E-mail da pessoa, ou Client ID de um token de serviço</label>
          <p className="nr-hint" id="novo-email-dica">
            O e-mail com que a pessoa entra pelo login da equipe (Cloudflare Access). Para deixar o programa que publica do computador de um
            editor entrar, cole aqui o Client ID do token de serviço (termina em .access) e dê a ele o papel Editor(a).
          </p>
          <input
            id="novo-email"
            name="email"
            type="text"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="none"
            required
            autoComplete="off"
            aria-describedby="novo-email-dica"
          />
        </div>
        <div className="nr-field">
          <label htmlFor="novo-papel">Papel</label>
          <RoleSelect id="novo-papel" />
        </div>
        <div className="nr-field">
          <label htmlFor="novo-autor">Autor que assina os artigos</label>
          <AuthorSelect id="novo-autor" value={null} authors={authors} />
        </div>
        <button type="submit" className="nr-primary">
          Adicionar
        </button>
      </form>
    </>
  );
}
