import type { ReactNode } from 'react';
import { AdSlot } from '../components/AdSlot';
import { CardGrid } from '../components/cards/CardGrid';
import type { RenderedCards } from '../components/cards/render-cards';
import { Pager } from '../components/Pager';
import type { Pagination } from '../lib/pagination';
import type { AdsConfig } from '../site/config';

interface CollectionPageProps {
  /** What the list is, above the title: "Tema", "Autor". */
  eyebrow: string;
  title: string;
  /** The lead under the title: the theme's description, the author's role and bio. */
  lead: ReactNode;
  /** Beside the title (an author's photo). */
  aside?: ReactNode;
  cards: RenderedCards;
  pagination: Pagination;
  pathOf: (page: number) => string;
  /** Said when the list has no article yet. */
  empty: string;
  ads: AdsConfig;
}

/** One author's or one theme's articles, newest first, paged like the home grid. */
export function CollectionPage({ eyebrow, title, lead, aside, cards, pagination, pathOf, empty, ads }: CollectionPageProps) {
  const { page, pageCount } = pagination;
  return (
    <div className="container posts-page">
      <header className="collection-header">
        {aside}
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h1>{page === 1 ? title : `${title}: página ${page}`}</h1>
          {lead}
        </div>
      </header>
      <section className="posts" aria-labelledby="lista">
        <h2 id="lista" className="section-title">
          {pageCount > 1 ? `Notícias (página ${page} de ${pageCount})` : 'Notícias'}
        </h2>
        {cards.count > 0 ? <CardGrid cards={cards} /> : <p className="empty-state">{empty}</p>}
        <Pager pagination={pagination} pathOf={pathOf} />
        <AdSlot ads={ads} placement="home" />
      </section>
    </div>
  );
}
