import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, setUpAutosave } from '../../client/newsroom/autosave';

/** A draft's edit form at version 1, as the server renders its parts the script uses. */
function draftForm(): { form: HTMLFormElement; title: HTMLInputElement } {
  document.body.innerHTML = `
    <form id="rascunho" method="post" action="/redacao/rascunhos/abc">
      <input type="hidden" name="versao" value="1">
      <input type="text" name="titulo" id="campo-titulo">
      <p data-save-state></p>
    </form>`;
  return { form: document.querySelector('form')!, title: document.querySelector('input[name="titulo"]')! };
}

function type(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Whether leaving the page now would ask first. */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

type Answer = { resolve: (response: Response) => void; body: URLSearchParams; headers: Headers };

let answers: Answer[];
beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie jar the page starts with, as the server set it
  document.cookie = 'XSRF-TOKEN=token-da-sessao';
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          answers.push({ resolve, body: new URLSearchParams(init.body as URLSearchParams), headers: new Headers(init.headers) });
        }),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const saved = (version: number) =>
  Response.json({ version, updatedAt: Date.UTC(2026, 10, 27, 13, 5), updatedBy: 'ana@casaempauta.com.br' });

describe('the autosave', () => {
  it('saves a few seconds after the last keystroke, with the anti-forgery token, and asks before leaving until then', async () => {
    const { form, title } = draftForm();
    setUpAutosave(form, () => {});
    type(title, 'Casas de madeira');
    expect(leavingAsks()).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100);
    expect(answers).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.body.get('titulo')).toBe('Casas de madeira');
    expect(answers[0]!.body.get('versao')).toBe('1');
    expect(answers[0]!.headers.get('X-XSRF-TOKEN')).toBe('token-da-sessao');
    expect(leavingAsks()).toBe(true); // still in flight
    answers[0]!.resolve(saved(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(leavingAsks()).toBe(false);
    expect(form.querySelector('[data-save-state]')!.textContent).toBe('Versão 2, salva em 27/11/2026 10:05');
  });

  it('saves one at a time, each naming the version the last one made', async () => {
    const { form, title } = draftForm();
    setUpAutosave(form, () => {});
    type(title, 'Primeira');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    type(title, 'Segunda');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(answers).toHaveLength(1);
    answers[0]!.resolve(saved(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(answers).toHaveLength(2);
    expect(answers[1]!.body.get('versao')).toBe('2');
    expect(answers[1]!.body.get('titulo')).toBe('Segunda');
    answers[1]!.resolve(saved(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(leavingAsks()).toBe(false);
  });

  it('keeps the change and tries again when a save fails', async () => {
    const { form, title } = draftForm();
    setUpAutosave(form, () => {});
    type(title, 'Sem conexão');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    answers[0]!.resolve(new Response('', { status: 503 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(form.querySelector('[data-save-state]')!.textContent).toContain('Não foi possível salvar agora');
    expect(leavingAsks()).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(answers).toHaveLength(2);
    expect(answers[1]!.body.get('titulo')).toBe('Sem conexão');
    answers[1]!.resolve(saved(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(leavingAsks()).toBe(false);
  });

  it('says why a save was refused, keeps the change unsaved, and tries again only on the next change', async () => {
    const { form, title } = draftForm();
    setUpAutosave(form, () => {});
    type(title, 'x'.repeat(10));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    answers[0]!.resolve(Response.json({ error: 'Não foi possível salvar: o texto passa de 256 KB.' }, { status: 400 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(form.querySelector('[data-save-state]')!.textContent).toBe('Não foi possível salvar: o texto passa de 256 KB.');
    expect(leavingAsks()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(answers).toHaveLength(1); // a refusal is not retried as is
    type(title, 'x');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(answers).toHaveLength(2);
    answers[1]!.resolve(saved(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(leavingAsks()).toBe(false);
  });

  it('stops on a save refused as stale and posts the form, for the page with both versions', async () => {
    const { form, title } = draftForm();
    const submit = vi.spyOn(form, 'submit').mockImplementation(() => {});
    setUpAutosave(form, () => {});
    type(title, 'Versão minha');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    answers[0]!.resolve(new Response('{}', { status: 409 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(leavingAsks()).toBe(false); // the conflict page is where the version goes
    type(title, 'Mais texto');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(answers).toHaveLength(1);
  });
});
