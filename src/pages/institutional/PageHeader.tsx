import type { ReactNode } from 'react';

/** The head every institutional page shares (docs/product.md §2): the "Institucional" eyebrow, the h1 and a lead paragraph. */
export function PageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="page-header">
      <p className="eyebrow">Institucional</p>
      <h1>{title}</h1>
      <p className="page-lead">{children}</p>
    </header>
  );
}
