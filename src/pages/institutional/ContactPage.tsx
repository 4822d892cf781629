import type { SiteConfig } from '#src/site/config.ts';
import { PageHeader } from './PageHeader';

/** 'Fale Conosco' (docs/product.md §2): the contact e-mail and the social networks. */
export function ContactPage({ site }: { site: SiteConfig }) {
  return (
    <article className="page">
      <PageHeader title="Fale Conosco">
        Sugestões de pauta, correções, dúvidas ou parcerias: a redação do {site.name} lê todas as mensagens.
      </PageHeader>
      <div className="prose">
        <h2>Por e-mail</h2>
        <p>
          Escreva para{' '}
          <a className="contact-email" href={`mailto:${site.contactEmail}`}>
            {site.contactEmail}
          </a>
          . Respondemos em até três dias úteis. Ao apontar um erro em uma reportagem, indique o título e o trecho, para que a correção seja
          feita com rapidez.
        </p>
        <h2>Nas redes sociais</h2>
        <p>Acompanhe as novidades e fale com a equipe também pelas nossas redes:</p>
        <ul className="social-links">
          {site.social.map((network) => (
            <li key={network.url}>
              <a href={network.url} rel="noopener noreferrer">
                {network.name}
              </a>
            </li>
          ))}
        </ul>
        <h2>Antes de escrever</h2>
        <p>
          O {site.name} é um portal jornalístico e não intermedeia compra, venda ou aluguel de imóveis, nem presta consultoria individual.
          Para decisões financeiras ou jurídicas, procure um profissional habilitado.
        </p>
      </div>
    </article>
  );
}
