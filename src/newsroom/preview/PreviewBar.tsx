import type { ReactNode } from 'react';
import { isScheduled, scheduledFor } from '#src/publishing/plan/scheduled.ts';
import type { DraftArticle, DraftProblem } from './draft-article';

const SEVERITY = { error: 'Erro', warning: 'Aviso' } as const;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The check's problems in the form's terms (the preview's bar, and a publish refused for them). */
export function Problems({ problems }: { problems: readonly DraftProblem[] }) {
  if (problems.length === 0) return <p className="pv-ok">Nenhum problema encontrado: o rascunho passa na verificação.</p>;
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const totals = [errors > 0 && count(errors, 'erro', 'erros'), warnings > 0 && count(warnings, 'aviso', 'avisos')].filter(Boolean);
  return (
    <section className="pv-problems" aria-labelledby="pv-problems-title">
      <h2 id="pv-problems-title">Problemas encontrados: {totals.join(', ')}</h2>
      {errors > 0 && <p>Com erros, o artigo não pode ser publicado: corrija-os no rascunho e salve.</p>}
      <ul>
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once on the server
          <li key={i} className={`pv-${p.severity}`}>
            <strong>{SEVERITY[p.severity]}</strong> · {p.where}: {p.message}
            <br />
            <span className="pv-fix">Como corrigir: {p.fix}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The bar above a preview (the newsroom's and the shared one): that this is
 * a preview, the address the article will have and when it is scheduled,
 * that the main image is not shown, the check's problems in the form's
 * terms, then what the caller adds (the newsroom's links, or who shared it).
 */
export function PreviewBar({ article, now, children }: { article: DraftArticle; now: number; children?: ReactNode }) {
  const data = article.item?.data;
  return (
    <div className="pv-bar">
      <p className="pv-status" role="status">
        <strong>Pré-visualização</strong> · não publicado · endereço previsto: /noticia/{article.slug}
        {data !== undefined && isScheduled(String(data), now) && <> · agendado para {scheduledFor(String(data))} (horário de Brasília)</>}
      </p>
      <Problems problems={article.problems} />
      {children}
    </div>
  );
}
