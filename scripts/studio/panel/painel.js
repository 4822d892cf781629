// The publishing panel (scripts/studio/server.ts serves it at /painel): the
// article folders and their state on the local site, and for each the
// actions, which the studio runs as the editors' commands do, streaming their
// output here line by line (one JSON event per line).
(() => {
  const token = document.querySelector('meta[name="estudio-token"]').content;
  const $ = (selector) => document.querySelector(selector);
  const rows = $('[data-artigos]');
  const table = $('.artigos');
  const source = $('[data-fonte]');
  const log = $('[data-registro]');
  const logSection = $('.registro');
  const logTitle = $('[data-registro-titulo]');
  const problemsList = $('[data-problemas]');
  const outcome = $('[data-desfecho]');
  const dialog = $('[data-confirmar]');
  let busy = false;

  const el = (tag, props = {}, ...children) => {
    const node = document.createElement(tag);
    Object.assign(node, props);
    for (const child of children) node.append(child);
    return node;
  };

  /** A line of the log, its addresses as links. */
  const logLine = (text) => {
    const line = el('span', { className: 'linha' });
    let last = 0;
    for (const match of text.matchAll(/https?:\/\/[^\s)"]+/g)) {
      line.append(text.slice(last, match.index));
      line.append(el('a', { href: match[0], target: '_blank', rel: 'noopener', textContent: match[0] }));
      last = match.index + match[0].length;
    }
    line.append(`${text.slice(last)}\n`);
    log.append(line);
  };

  const SEVERITY = { error: 'Erro', warning: 'Aviso', note: 'Nota' };
  const entryLink = (slug) => `/#/collections/artigos/entries/${encodeURIComponent(slug)}`;

  const problemItem = (problem, slug) =>
    el(
      'li',
      { className: `problema problema-${problem.severity}` },
      el('strong', { textContent: `${SEVERITY[problem.severity] ?? problem.severity}: ` }),
      el('a', { href: entryLink(slug), textContent: `campo ${problem.field}`, title: 'Abrir o artigo no estúdio' }),
      ` (${problem.file}) — ${problem.message}. `,
      el('span', { className: 'correcao', textContent: `Como corrigir: ${problem.hint}` }),
    );

  /** Sends one action and shows its events as they come; resolves with the last ("done") event and the lines. */
  async function run(action, article, extra = {}) {
    busy = true;
    for (const button of document.querySelectorAll('button[data-acao]')) button.disabled = true;
    logSection.hidden = false;
    logSection.scrollIntoView({ block: 'start' });
    log.textContent = '';
    problemsList.textContent = '';
    outcome.textContent = '';
    outcome.className = 'desfecho';
    const lines = [];
    let done = { ok: false, advice: 'O estúdio não respondeu: veja o terminal onde ele roda.' };
    try {
      const response = await fetch('/api/acao', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Estudio-Token': token },
        body: JSON.stringify({ acao: action, slug: article.slug, ...extra }),
      });
      if (!response.ok) {
        done = { ok: false, advice: await response.text() };
      } else {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let pending = '';
        for (;;) {
          const { value, done: ended } = await reader.read();
          if (ended) break;
          pending += value;
          const parts = pending.split('\n');
          pending = parts.pop();
          for (const part of parts) {
            if (!part) continue;
            const event = JSON.parse(part);
            if (event.type === 'line') {
              lines.push(event.text);
              logLine(event.text);
            } else if (event.type === 'problem') problemsList.append(problemItem(event.problem, article.slug));
            else if (event.type === 'link') {
              // A link to click, not a tab opened for the editor: browsers block a tab opened this long after the click.
              log.append(
                el('a', { href: event.url, target: '_blank', rel: 'noopener', textContent: event.label, className: 'abrir' }),
                '\n',
              );
            } else if (event.type === 'done') done = event;
          }
        }
      }
    } catch (error) {
      done = { ok: false, advice: `O estúdio não respondeu (${error.message}): ele ainda está rodando no terminal?` };
    } finally {
      busy = false;
      for (const button of document.querySelectorAll('button[data-acao]')) button.disabled = false;
    }
    return { done, lines };
  }

  const finish = (done, success) => {
    outcome.className = `desfecho ${done.ok ? 'ok' : 'falhou'}`;
    outcome.textContent = done.ok ? success : `Não deu certo. ${done.advice ?? ''}`;
  };

  /** Shows the plan and asks; resolves true when the editor confirms. */
  const confirmPlan = (title, lines) =>
    new Promise((resolve) => {
      $('[data-confirmar-titulo]').textContent = title;
      $('[data-confirmar-plano]').textContent = lines.join('\n');
      const answer = (value) => () => {
        dialog.close();
        resolve(value);
      };
      $('[data-confirmar-sim]').onclick = answer(true);
      $('[data-confirmar-nao]').onclick = answer(false);
      dialog.oncancel = answer(false);
      dialog.showModal();
    });

  const ACTIONS = {
    async verificar(article) {
      logTitle.textContent = `Verificar: ${article.titulo}`;
      const { done } = await run('verificar', article);
      finish(done, 'Pronto para publicar.');
    },
    async previa(article) {
      logTitle.textContent = `Pré-visualizar: ${article.titulo}`;
      const { done } = await run('previa', article);
      finish(done, 'Pronta: clique em "Abrir a pré-visualização" acima. A página se atualiza sozinha a cada vez que o artigo é salvo.');
    },
    async publicarLocal(article) {
      logTitle.textContent = `Publicar no site local: ${article.titulo}`;
      const { done } = await run('publicar', article, { destino: 'local' });
      finish(done, 'Publicado no site local.');
      await load();
    },
    async publicarRemoto(article) {
      await remote(article, 'publicar', `Publicar no site: ${article.titulo}`, 'Publicado no site.');
    },
    async despublicarLocal(article) {
      logTitle.textContent = `Despublicar do site local: ${article.titulo}`;
      if (!window.confirm(`Tirar "${article.titulo}" do site local? O endereço passa a responder "página não encontrada".`)) return;
      const { done } = await run('despublicar', article, { destino: 'local' });
      finish(done, 'Despublicado do site local.');
      await load();
    },
    async despublicarRemoto(article) {
      await remote(article, 'despublicar', `Despublicar do site: ${article.titulo}`, 'Despublicado do site.');
    },
  };

  /** Production: the plan first (the command's --dry-run), then the change only once the editor confirms it. */
  async function remote(article, action, title, success) {
    logTitle.textContent = `${title} (plano)`;
    const plan = await run(action, article, { destino: 'remoto', simulacao: true });
    if (!plan.done.ok) return finish(plan.done, '');
    if (!(await confirmPlan(title, plan.lines))) {
      outcome.textContent = 'Cancelado: nada foi alterado.';
      return;
    }
    logTitle.textContent = title;
    const { done } = await run(action, article, { destino: 'remoto' });
    finish(done, success);
  }

  const BUTTONS = [
    ['verificar', 'Verificar'],
    ['previa', 'Pré-visualizar'],
    ['publicarLocal', 'Publicar no site local'],
    ['publicarRemoto', 'Publicar no site'],
    ['despublicarLocal', 'Despublicar do site local'],
    ['despublicarRemoto', 'Despublicar do site'],
  ];

  const stateText = (article) => {
    const when = article.scheduled ? `agendado para ${article.scheduled}` : '';
    const base =
      article.state === 'rascunho'
        ? `Rascunho${when ? ` (ao publicar: ${when})` : ''}`
        : article.state === 'publicado'
          ? when
            ? `Publicado, ${when}`
            : 'Publicado'
          : `Alterado desde a publicação${when ? ` (${when})` : ''}`;
    const issues = [
      article.errors ? `${article.errors} ${article.errors === 1 ? 'erro' : 'erros'}` : '',
      article.warnings ? `${article.warnings} ${article.warnings === 1 ? 'aviso' : 'avisos'}` : '',
    ].filter(Boolean);
    return issues.length ? `${base} · ${issues.join(', ')}` : base;
  };

  function render(list) {
    rows.textContent = '';
    for (const article of list) {
      const actions = el('div', { className: 'acoes' });
      for (const [name, label] of BUTTONS) {
        const button = el('button', { type: 'button', textContent: label });
        button.dataset.acao = name;
        button.onclick = () => {
          if (!busy) ACTIONS[name](article);
        };
        actions.append(button);
      }
      const row = el(
        'tr',
        {},
        el(
          'td',
          {},
          el('a', { href: entryLink(article.slug), textContent: article.titulo }),
          el('br'),
          el('code', { textContent: article.folder }),
        ),
        el('td', { className: `estado estado-${article.state}${article.errors ? ' com-erros' : ''}`, textContent: stateText(article) }),
        el('td', {}, actions),
      );
      row.dataset.slug = article.slug;
      rows.append(row);
    }
  }

  async function load() {
    try {
      const response = await fetch('/api/artigos');
      if (!response.ok) throw new Error(await response.text());
      const { source: from, articles } = await response.json();
      source.textContent = `Estado de cada artigo comparado com o ${from}.`;
      render(articles);
      table.hidden = false;
    } catch (error) {
      source.textContent = `Não consegui ler os artigos: ${error.message}`;
    }
  }

  void load();
})();
