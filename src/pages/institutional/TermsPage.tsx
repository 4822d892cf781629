import { formatLongDate } from '#src/lib/dates.ts';
import { PageHeader } from './PageHeader';
import type { InstitutionalPageProps } from './table';

/** Institutional terms of use page. */
export function TermsPage({ site, updated }: InstitutionalPageProps) {
  return (
    <article className="page">
      <PageHeader title="Termos de Uso">
        As condições que regem o acesso e a utilização do {site.name} e de todo o conteúdo publicado no portal.
      </PageHeader>
      <div className="prose">
        <p>
          <em>Última atualização: {formatLongDate(updated)}</em>
        </p>

        <h2>1. Objetivo</h2>
        <p>
          Estes Termos de Uso estabelecem as regras para o acesso e a utilização do {site.name}, portal de notícias e análises sobre mercado
          imobiliário, financiamento, investimentos, decoração, arquitetura e sustentabilidade. O site é público, gratuito e destinado
          apenas à leitura, sem necessidade de cadastro.
        </p>
        <p>
          Ao navegar pelo site, você declara ter lido e concordado com estes termos. Caso não concorde com alguma de suas disposições,
          pedimos que não utilize o portal.
        </p>

        <h2>2. Isenção de responsabilidade</h2>
        <p>
          O conteúdo publicado no {site.name} tem caráter exclusivamente informativo e jornalístico. Ele não constitui aconselhamento
          financeiro, jurídico, contábil ou imobiliário profissional, nem recomendação de compra, venda, locação, financiamento ou
          investimento. Antes de tomar decisões, consulte profissionais habilitados e avalie a sua situação particular.
        </p>
        <p>
          Empenhamo-nos para que as informações sejam corretas e atualizadas, mas dados como taxas de juros, preços, regras de programas
          habitacionais e legislação podem mudar após a publicação. O {site.name} não se responsabiliza por prejuízos decorrentes de
          decisões tomadas exclusivamente com base no conteúdo do site.
        </p>
        <p>
          O {site.name} não possui vínculo com instituições financeiras, construtoras, incorporadoras ou imobiliárias, e a menção a
          empresas, produtos ou serviços em reportagens não representa endosso.
        </p>

        <h2>3. Propriedade intelectual</h2>
        <p>
          Textos, títulos, ilustrações, marcas, logotipos e a identidade visual do {site.name} são protegidos pela legislação de direitos
          autorais e de propriedade industrial, em especial a Lei nº 9.610/1998. É vedada a reprodução total ou parcial do conteúdo, por
          qualquer meio, sem autorização prévia e por escrito.
        </p>
        <p>
          É permitido o compartilhamento de links para as publicações e a citação de trechos breves, desde que indicados a fonte e o link
          para o texto original.
        </p>

        <h2>4. Comentários</h2>
        <p>
          No momento, o {site.name} não oferece área de comentários. As mensagens enviadas à redação por e-mail ou pelas redes sociais do
          portal estão sujeitas às seguintes regras:
        </p>
        <ul>
          <li>não serão aceitas mensagens ofensivas, discriminatórias, difamatórias, ameaçadoras ou ilícitas;</li>
          <li>não é permitido o envio de propaganda, spam, correntes ou links maliciosos;</li>
          <li>é proibido publicar ou enviar dados pessoais de terceiros sem autorização, bem como conteúdo que viole direitos autorais;</li>
          <li>
            trechos de mensagens poderão ser citados em publicações, com a devida identificação ou de forma anônima, conforme a preferência
            manifestada pelo autor;
          </li>
          <li>o {site.name} pode deixar de responder ou, nas redes sociais, remover manifestações que desrespeitem estas regras.</li>
        </ul>

        <h2>5. Links de terceiros</h2>
        <p>
          As publicações podem conter links para sites de terceiros, como órgãos públicos, instituições e fontes de dados, incluídos para
          complementar a informação. O {site.name} não controla esses sites e não se responsabiliza por seu conteúdo, disponibilidade ou
          políticas de privacidade.
        </p>
        <p>
          Os anúncios exibidos no portal são fornecidos por terceiros e identificados como publicidade; a sua veiculação não implica
          recomendação dos produtos ou serviços anunciados.
        </p>

        <h2>6. Alterações dos termos</h2>
        <p>
          Estes Termos de Uso podem ser modificados a qualquer momento, para refletir mudanças no site ou na legislação. A versão atualizada
          será sempre publicada nesta página, com a respectiva data de atualização, e o uso continuado do site após a publicação implica a
          concordância com as alterações.
        </p>

        <h2>7. Contato</h2>
        <p>
          Dúvidas sobre estes termos podem ser enviadas pela <a href="/contato">página de Contato</a> ou pelo e-mail{' '}
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
        </p>

        <h2>8. Cookies</h2>
        <p>
          O {site.name} utiliza cookies essenciais e, somente com o seu consentimento, cookies de análise e de publicidade. As informações
          detalhadas sobre o seu uso e sobre o tratamento de dados pessoais estão na{' '}
          <a href="/politica-de-privacidade">Política de Privacidade</a>.
        </p>
        <p>
          Você pode rever ou alterar a sua escolha a qualquer momento pelo link <strong>“Preferências de cookies”</strong>, disponível no
          rodapé de todas as páginas.
        </p>
      </div>
    </article>
  );
}
