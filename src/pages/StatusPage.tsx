import type { ReactNode } from 'react';

/** The body of the 400, 404, 405, 500 and 503 pages: a heading, a message, a way back. */
export function StatusPage({ code, title, children }: { code: number; title: string; children: ReactNode }) {
  return (
    <section className="page status-page" aria-labelledby="status-title">
      <p className="status-code" aria-hidden="true">
        {code}
      </p>
      <h1 id="status-title">{title}</h1>
      <div className="page-lead">{children}</div>
      <p>
        <a className="button" href="/">
          Voltar para a página inicial
        </a>
      </p>
    </section>
  );
}
