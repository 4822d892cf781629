import type { SiteConfig } from '#src/site/config.ts';
import { PageHeader } from './PageHeader';

/** Institutional "Sobre" page: the founder's story, editorial focus and principles. */
export function AboutPage({ site }: { site: SiteConfig }) {
  return (
    <article className="page">
      <PageHeader title={`Sobre o ${site.name}`}>
        Jornalismo independente e acessível sobre a casa, a cidade e as decisões que mudam a vida de quem compra, aluga, reforma ou investe
        em um imóvel no Brasil.
      </PageHeader>
      <div className="prose">
        <h2>Nossa história</h2>
        <p>
          O {site.name} nasceu da experiência de <strong>{site.editor.name}</strong>, que assina o projeto como{' '}
          <em>{site.editor.role.toLowerCase()}</em>. Formada em Jornalismo, ela passou mais de quinze anos em redações de jornais e revistas
          cobrindo mercado imobiliário, habitação e vida urbana no Brasil: acompanhou lançamentos e distratos, o vaivém dos juros e do
          crédito, as revisões de planos diretores e a transformação de bairros inteiros em capitais e cidades médias.
        </p>
        <p>
          Ao longo desse período, percebeu que a informação sobre moradia costumava chegar ao leitor em dois extremos: de um lado, textos
          técnicos escritos para especialistas; de outro, conteúdos promocionais que se apresentavam como notícia. Entre um e outro ficava
          justamente quem mais precisava de orientação — a família que financia o primeiro apartamento, o inquilino que renegocia o aluguel,
          o pequeno investidor que compara um imóvel com outras aplicações.
        </p>
        <p>
          Também se repetia, nas conversas com leitores, a mesma queixa: as decisões sobre a casa envolvem dinheiro, contratos, obras e
          escolhas de estilo, mas raramente eram tratadas de forma integrada. Quem pesquisava as condições de um financiamento não
          encontrava, no mesmo lugar, uma análise sobre o custo de uma reforma ou sobre a eficiência energética do imóvel que pretendia
          comprar.
        </p>
        <p>
          Foi para preencher essa lacuna que {site.editor.name} fundou o {site.name}: um portal que trata a moradia com o rigor do
          jornalismo econômico e com o olhar atento de quem também se interessa por arquitetura, decoração e qualidade de vida. A proposta é
          explicar com clareza, apurar com cuidado e separar com transparência o que é informação do que é publicidade.
        </p>

        <h2>Foco editorial</h2>
        <p>Nossa cobertura está organizada em seis grandes temas:</p>
        <ul>
          <li>
            <strong>Mercado imobiliário:</strong> preços, lançamentos, vendas, locação e as tendências que movem o setor nas diferentes
            regiões do país.
          </li>
          <li>
            <strong>Financiamento:</strong> crédito imobiliário, taxas de juros, sistemas de amortização, uso do FGTS e programas
            habitacionais, explicados passo a passo.
          </li>
          <li>
            <strong>Investimentos:</strong> imóveis como patrimônio e fonte de renda, fundos imobiliários e comparações com outras
            alternativas de aplicação.
          </li>
          <li>
            <strong>Decoração:</strong> ideias, tendências e soluções práticas para tornar os ambientes mais bonitos, funcionais e adequados
            ao orçamento.
          </li>
          <li>
            <strong>Arquitetura:</strong> projetos, urbanismo, legislação de uso do solo e o modo como as cidades e as moradias são pensadas
            e construídas.
          </li>
          <li>
            <strong>Sustentabilidade:</strong> eficiência energética, uso racional da água, materiais de menor impacto e construções
            preparadas para o clima.
          </li>
        </ul>

        <h2>Princípios editoriais</h2>
        <h3>Independência</h3>
        <p>
          O {site.name} não mantém vínculo com instituições financeiras, construtoras, incorporadoras ou imobiliárias. As pautas são
          definidas exclusivamente pela equipe editorial, com base no interesse do leitor, e nenhum anunciante tem acesso prévio aos textos
          ou poder de decisão sobre eles.
        </p>
        <h3>Checagem de fatos</h3>
        <p>
          Dados, números e declarações são verificados antes da publicação, preferencialmente em fontes primárias, como órgãos públicos,
          entidades setoriais, estudos acadêmicos e documentos oficiais. Sempre que possível, indicamos a origem das informações para que o
          leitor possa consultá-las.
        </p>
        <h3>Separação entre conteúdo editorial e publicidade</h3>
        <p>
          O portal é mantido por anúncios exibidos pelo Google AdSense, que aparecem em espaços próprios e identificados como publicidade.
          Os anúncios não influenciam a escolha dos temas nem o teor das reportagens, e nenhum conteúdo patrocinado é apresentado como se
          fosse matéria jornalística.
        </p>
        <h3>Política de correções</h3>
        <p>
          Erros acontecem, e reconhecê-los faz parte do compromisso com o leitor. Quando identificamos uma informação incorreta, o texto é
          corrigido com a maior brevidade possível e recebe uma nota informando o que foi alterado e quando. Se você encontrar um erro em
          alguma publicação, avise-nos.
        </p>

        <h2>Fale com a redação</h2>
        <p>
          Sugestões de pauta, dúvidas, críticas e pedidos de correção são sempre bem-vindos. Escreva para nós por meio da{' '}
          <a href="/contato">página de Contato</a> ou pelo e-mail <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>. Todas as
          mensagens são lidas pela equipe editorial.
        </p>
      </div>
    </article>
  );
}
