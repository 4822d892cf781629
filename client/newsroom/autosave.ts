import { FORM, XSRF_COOKIE, XSRF_HEADER } from '../../src/newsroom/shared/names';
import { shownAt } from '../../src/newsroom/shared/when';
import { formEntries } from './form-entries';

/** How long after the last keystroke a draft is saved: closing the tab loses at most this, and not even that (pagehide). */
export const AUTOSAVE_DELAY_MS = 2_000;
/** After a failed save, the next try. */
const RETRY_MS = 10_000;

/** The anti-forgery token of this session, which the server put in the cookie. */
export function xsrfToken(): string {
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(`${XSRF_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(XSRF_COOKIE.length + 1)) : '';
}

const SAVE_REFUSED =
  'O salvamento foi recusado (a sessão pode ter expirado): copie o que escreveu desde o último salvamento e recarregue a página.';

/** What a refused request says: the server's reason when it gave one (a text over the limit), else `otherwise`. */
export async function refusal(response: Response, otherwise = SAVE_REFUSED): Promise<string> {
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof answer?.error === 'string' ? answer.error : otherwise;
}

/**
 * Saves the edit form while the journalist types: a few seconds after the
 * last change, at once on "Salvar", and when the tab is hidden or closed
 * (a keepalive request, which outlives the page). Saves go one at a time,
 * each naming the version the last one made. A save refused because someone
 * else saved first stops the autosave and posts the form as is: the server
 * answers with both versions side by side (its conflict page), nothing lost.
 * Leaving with unsaved changes asks first.
 */
export function setUpAutosave(form: HTMLFormElement, onChange: () => void): void {
  const state = form.querySelector<HTMLElement>('[data-save-state]');
  const version = form.elements.namedItem(FORM.version) as HTMLInputElement;
  let dirty = false;
  let stopped = false;
  let saving: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (text: string) => {
    if (state) state.textContent = text;
  };
  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void save(false), delay);
  };

  async function send(body: URLSearchParams, keepalive: boolean): Promise<void> {
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        body,
        keepalive,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', [XSRF_HEADER]: xsrfToken() },
      });
      if (response.status === 409) {
        stopped = true;
        say('Este rascunho foi salvo em outro lugar: abrindo as duas versões…');
        window.removeEventListener('beforeunload', guard);
        form.submit();
        return;
      }
      if (response.status >= 400 && response.status < 500) {
        // Refused, not lost in transit: trying again would be refused again. The change stays unsaved
        // (leaving still asks) and the next change tries again, e.g. once a text over the limit is cut.
        dirty = true;
        say(await refusal(response));
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const saved = (await response.json()) as { version: number; updatedAt: number };
      version.value = String(saved.version);
      say(dirty ? 'Alterações não salvas' : `Versão ${saved.version}, salva em ${shownAt(saved.updatedAt)}`);
    } catch {
      dirty = true;
      say('Não foi possível salvar agora (sem conexão?): tentaremos de novo em instantes. Não feche a página.');
      schedule(RETRY_MS);
    }
  }

  async function save(keepalive: boolean): Promise<void> {
    clearTimeout(timer);
    while (saving !== null) await saving;
    if (stopped || !dirty) return;
    dirty = false;
    say('Salvando…');
    saving = send(formEntries(form), keepalive).finally(() => {
      saving = null;
    });
    await saving;
  }

  function guard(event: BeforeUnloadEvent) {
    if (!dirty && saving === null) return;
    event.preventDefault();
    event.returnValue = '';
  }

  const changed = () => {
    if (stopped) return;
    dirty = true;
    say('Alterações não salvas');
    onChange();
    schedule(AUTOSAVE_DELAY_MS);
  };
  form.addEventListener('input', changed);
  form.addEventListener('change', changed);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    dirty = true;
    void save(false);
  });
  window.addEventListener('beforeunload', guard);
  // A hidden tab may never come back (closed, or killed by a phone): save what is there now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && dirty) void save(true);
  });
}
