import { formatLongDate } from '#src/lib/dates.ts';
import { PageHeader } from './PageHeader';
import type { InstitutionalPageProps } from './table';

/** Institutional privacy policy page (LGPD, cookies and Google AdSense). */
export function PrivacyPage({ site, updated }: InstitutionalPageProps) {
  const mailto = `mailto:${site.contactEmail}`;
  return (
    <article className="page">
      <PageHeader title="Política de Privacidade">
        Como o {site.name} trata as informações de quem visita o portal, quais cookies utiliza e como você pode exercer os seus direitos.
      </PageHeader>
      <div className="prose">
        <p>
          <em>Vigente a partir de {formatLongDate(updated)}</em>
        </p>

        <h2>Conformidade com a LGPD</h2>
        <p>
          Esta Política de Privacidade descreve como o {site.name} coleta, utiliza, armazena e protege dados pessoais, em conformidade com a
          Lei nº 13.709/2018 (Lei Geral de Proteção de Dados Pessoais — LGPD) e com as demais normas aplicáveis.
        </p>
        <p>
          O {site.name} é um portal de notícias de acesso público e somente para leitura: não oferece cadastro, login, contas de usuário,
          área de comentários nem formulários. Por isso, o tratamento de dados pessoais realizado pelo site é reduzido ao mínimo necessário
          para o seu funcionamento e para a exibição de publicidade, nos termos descritos a seguir.
        </p>

        <h2>Controlador dos dados e contato</h2>
        <p>
          O controlador dos dados pessoais tratados por meio deste site é o <strong>{site.name}</strong>, a quem competem as decisões
          referentes ao tratamento. Dúvidas, solicitações e comunicações relacionadas a esta política podem ser enviadas pela{' '}
          <a href="/contato">página de Contato</a> ou pelo e-mail <a href={mailto}>{site.contactEmail}</a>.
        </p>

        <h2>Dados coletados</h2>
        <p>Como o site não possui contas nem formulários, coletamos apenas:</p>
        <ul>
          <li>
            <strong>Dados de navegação:</strong> informações obtidas por meio de cookies e tecnologias semelhantes, como endereço IP, tipo
            de navegador e de dispositivo, páginas visitadas, data e horário de acesso e página de origem. Os cookies não essenciais somente
            são utilizados após o seu consentimento.
          </li>
          <li>
            <strong>Dados enviados voluntariamente por e-mail:</strong> quando você escreve para a redação, recebemos o seu endereço de
            e-mail, o seu nome (se informado) e o conteúdo da mensagem, que são utilizados apenas para responder ao contato e, quando for o
            caso, para corrigir ou aprimorar as publicações.
          </li>
        </ul>
        <p>Não solicitamos dados pessoais sensíveis e pedimos que eles não sejam enviados nas mensagens dirigidas à redação.</p>

        <h2>Direitos do titular dos dados</h2>
        <p>Nos termos do art. 18 da LGPD, você, como titular dos dados, pode solicitar a qualquer momento, de forma gratuita:</p>
        <ul>
          <li>a confirmação da existência de tratamento de seus dados pessoais;</li>
          <li>o acesso aos dados;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a LGPD;</li>
          <li>
            a portabilidade dos dados a outro fornecedor de serviço ou produto, mediante requisição expressa, observados os segredos
            comercial e industrial;
          </li>
          <li>
            a eliminação dos dados pessoais tratados com o seu consentimento, ressalvadas as hipóteses de conservação previstas no art. 16
            da LGPD;
          </li>
          <li>a informação sobre as entidades públicas e privadas com as quais o controlador realizou uso compartilhado de dados;</li>
          <li>a informação sobre a possibilidade de não fornecer consentimento e sobre as consequências da negativa;</li>
          <li>a revogação do consentimento.</li>
        </ul>
        <p>
          Para exercer esses direitos, entre em contato pelos canais indicados nesta política. A revogação do consentimento para cookies
          também pode ser feita diretamente no site, conforme explicado na seção sobre publicidade.
        </p>

        <h2>Cookies</h2>
        <p>
          Cookies são pequenos arquivos de texto armazenados no seu navegador quando você visita um site. O {site.name} utiliza os seguintes
          tipos:
        </p>
        <h3>Cookies essenciais</h3>
        <p>
          Necessários para o funcionamento básico do site e para registrar a sua escolha no aviso de cookies. Não identificam você
          pessoalmente e não dependem de consentimento, pois sem eles o site não poderia respeitar as suas preferências.
        </p>
        <h3>Cookies de análise</h3>
        <p>
          Permitem medir a audiência de forma agregada, como o número de visitas e as páginas mais lidas, para entender o interesse dos
          leitores e aprimorar o conteúdo. São utilizados somente se você os autorizar.
        </p>
        <h3>Cookies de publicidade</h3>
        <p>
          Utilizados pelo serviço de anúncios para exibir publicidade, limitar a repetição de um mesmo anúncio, medir o seu desempenho e,
          conforme as suas escolhas, apresentar anúncios mais relevantes. São carregados somente após o seu consentimento.
        </p>

        <h2>Publicidade e Google AdSense</h2>
        <p>
          O {site.name} é financiado por anúncios exibidos pelo <strong>Google AdSense</strong>, serviço do Google que utiliza cookies para
          veicular anúncios, inclusive com base em visitas anteriores a este e a outros sites. Os scripts e cookies do Google AdSense são
          carregados <strong>somente após o seu consentimento</strong> no aviso de cookies; se você não consentir, nenhum cookie de
          publicidade é gravado pelo site.
        </p>
        <p>
          Você pode alterar a sua escolha a qualquer momento pelo link <strong>“Preferências de cookies”</strong>, disponível no rodapé de
          todas as páginas.
        </p>
        <p>
          Para gerenciar a personalização de anúncios na sua conta Google, acesse as{' '}
          <a href="https://adssettings.google.com" rel="noopener noreferrer">
            configurações de anúncios do Google
          </a>
          . Para saber como o Google utiliza informações em publicidade, consulte a página{' '}
          <a href="https://policies.google.com/technologies/ads" rel="noopener noreferrer">
            Como o Google usa cookies na publicidade
          </a>
          .
        </p>

        <h2>Retenção dos dados</h2>
        <p>
          Os dados pessoais são mantidos apenas pelo tempo necessário para cumprir a finalidade para a qual foram coletados ou para atender
          a obrigações legais e regulatórias. As mensagens recebidas por e-mail são conservadas enquanto forem necessárias para o
          atendimento da solicitação.
        </p>
        <p>
          O cookie que registra a sua escolha no aviso de cookies tem validade de <strong>365 dias</strong>. Após esse período, ou se você
          apagar os cookies do navegador, a sua escolha será solicitada novamente. Os prazos dos cookies de terceiros são definidos pelos
          respectivos fornecedores.
        </p>

        <h2>Compartilhamento de dados</h2>
        <p>
          O {site.name} não vende, não aluga e não compartilha dados pessoais com terceiros, exceto quando houver obrigação legal ou ordem
          judicial, e ressalvados os cookies do serviço de publicidade descritos nesta política, que são carregados somente com o seu
          consentimento.
        </p>

        <h2>Segurança</h2>
        <p>
          Adotamos medidas técnicas e administrativas razoáveis para proteger os dados pessoais contra acessos não autorizados e situações
          acidentais ou ilícitas de destruição, perda, alteração ou divulgação, como a conexão criptografada (HTTPS) em todas as páginas, a
          restrição de acesso às caixas de e-mail da redação e a coleta do menor volume possível de dados. Nenhum sistema, porém, é
          completamente imune a riscos, e eventuais incidentes relevantes serão comunicados na forma da lei.
        </p>

        <h2>Compromissos do usuário</h2>
        <p>Ao utilizar o site, você se compromete a:</p>
        <ul>
          <li>utilizá-lo de forma lícita, em conformidade com a legislação brasileira e com esta política;</li>
          <li>
            não tentar interromper, sobrecarregar ou prejudicar o seu funcionamento, nem acessar de forma não autorizada os seus sistemas;
          </li>
          <li>não utilizar o site para disseminar vírus, programas maliciosos ou conteúdo ilícito.</li>
        </ul>

        <h2>Alterações desta política</h2>
        <p>
          Esta Política de Privacidade pode ser atualizada para refletir mudanças no site, nos serviços utilizados ou na legislação. A
          versão vigente estará sempre disponível nesta página, com a indicação da data a partir da qual produz efeitos. Recomendamos a sua
          consulta periódica.
        </p>

        <h2>Contato</h2>
        <p>
          Para exercer os seus direitos ou esclarecer dúvidas sobre esta política, utilize a <a href="/contato">página de Contato</a> ou
          escreva para <a href={mailto}>{site.contactEmail}</a>.
        </p>
      </div>
    </article>
  );
}
