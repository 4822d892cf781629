import { AdSlot } from '../components/AdSlot';
import { CardGrid } from '../components/cards/CardGrid';
import type { RenderedCards } from '../components/cards/render-cards';
import { Pager } from '../components/Pager';
import { ThemeLinks } from '../components/ThemeLinks';
import type { NewsEntry } from '../content/schema/news-item';
import { THEME_LIST } from '../content/schema/themes';
import { updatedIso } from '../content/schema/updated';
import { formatShortDate } from '../lib/dates';
import type { Pagination } from '../lib/pagination';
import { articlePath } from '../seo/urls';
import type { AdsConfig } from '../site/config';

/** What the featured block shows. */
interface Featured {
  date: string;
  dateLabel: string;
  title: string;
  text: string;
  slug: string;
}

/** The featured 'hot news' block when no article is marked `destaque`: fixed date and text (docs/product.md §2). */
const HOT_NEWS: Featured = {
  date: '2025-04-28',
  dateLabel: '28/04/2025',
  title: 'Apartamentos pequenos, soluções grandes',
  text: 'Móveis multifuncionais, espelhos bem posicionados e armazenamento vertical: veja como ganhar espaço e conforto em poucos metros quadrados.',
  slug: 'como-decorar-apartamentos-pequenos',
};

/** The featured block for the article an editor marked: its date, title and summary. */
const featuredOf = (entry: NewsEntry): Featured => ({
  date: updatedIso(entry.data),
  dateLabel: formatShortDate(entry.date),
  title: entry.titulo,
  text: entry.descricao,
  slug: entry.slug,
});

interface HomePageProps {
  /** The cards of this page (the first page's below the hero, later pages' at the top). */
  cards: RenderedCards;
  pagination: Pagination;
  siteName: string;
  ads: AdsConfig;
  /** The article marked `destaque` (the newest marked one); the fixed block when null. */
  featured?: NewsEntry | null;
}

/** The 'Postagens' grid of one page, with its pager and ad slot. */
function Posts({ cards, pagination, ads, heading }: Omit<HomePageProps, 'siteName' | 'featured'> & { heading: 'h1' | 'h2' }) {
  const Heading = heading;
  const firstPage = pagination.page === 1;
  return (
    <section className="posts" aria-labelledby="postagens">
      <Heading id="postagens" className="section-title">
        {firstPage ? 'Postagens' : `Postagens: página ${pagination.page}`}
      </Heading>
      {cards.count > 0 ? <CardGrid cards={cards} /> : <p className="empty-state">Nenhuma notícia publicada no momento. Volte em breve.</p>}
      <Pager pagination={pagination} />
      <AdSlot ads={ads} placement="home" />
    </section>
  );
}

/** Page 1: hero, the featured block and the newest posts. */
export function HomePage({ cards, pagination, siteName, ads, featured }: HomePageProps) {
  const hot = featured ? featuredOf(featured) : HOT_NEWS;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <p className="eyebrow">Imóveis · Decoração · Arquitetura</p>
          <h1 id="hero-title">{siteName}</h1>
          <p className="hero-subtitle">O que muda no mercado imobiliário e na forma de morar</p>
          <p className="hero-description">
            Reportagens, análises e guias práticos para proprietários, investidores e profissionais: do financiamento ao projeto, da compra
            à decoração.
          </p>
          <ThemeLinks themes={THEME_LIST.map((theme) => theme.slug)} label="Temas" />
        </div>
      </section>

      <div className="container">
        <section className="hot-news" aria-labelledby="hot-news-title">
          <p className="hot-news-label">
            <span className="hot-news-tag">Em destaque</span>
            <time dateTime={hot.date}>{hot.dateLabel}</time>
          </p>
          <h2 id="hot-news-title">{hot.title}</h2>
          <p>{hot.text}</p>
          <a className="button" href={articlePath(hot)}>
            Ler mais<span className="visually-hidden">: {hot.title}</span>
          </a>
        </section>
        <Posts cards={cards} pagination={pagination} ads={ads} heading="h2" />
      </div>
    </>
  );
}

/** Pages 2 and on: the grid alone, its heading the page's h1. */
export function PostsPage({ cards, pagination, ads }: Omit<HomePageProps, 'siteName' | 'featured'>) {
  return (
    <div className="container posts-page">
      <Posts cards={cards} pagination={pagination} ads={ads} heading="h1" />
    </div>
  );
}
