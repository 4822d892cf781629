import type { ReactNode } from 'react';
import { PATHS } from '../paths';

/** A refusal or an error inside the newsroom: what happened and what to do, in pt-BR. */
export function MessagePage({ title, children, back = true }: { title: string; children: ReactNode; back?: boolean }) {
  return (
    <>
      <h1>{title}</h1>
      {children}
      {back && (
        <p>
          <a href={PATHS.home}>Voltar aos rascunhos</a>
        </p>
      )}
    </>
  );
}
