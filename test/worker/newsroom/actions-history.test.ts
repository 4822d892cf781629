import { type D1Migration, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { ActionsStore } from '#src/newsroom/publishing/actions-store.ts';

/** The newsroom's history table across its migrations: 0009 (authors' actions) keeps what 0006's table held. */

const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
const migration = (prefix: string) => TEST_MIGRATIONS.find(({ name }) => name.startsWith(prefix))!.queries;

describe('the history table', () => {
  it("keeps every earlier action when it learns the authors' actions, and still refuses an action it does not know", async () => {
    // The table as 0006 made it, with one article's action in it.
    await env.DB.exec('DROP TABLE newsroom_actions');
    await env.DB.batch(migration('0006_').map((query) => env.DB.prepare(query)));
    const published = { at: 1, email: 'chefe@casaempauta.com.br', action: 'publicar', slug: 'uma', title: 'Uma', detail: 'no ar' } as const;
    await new ActionsStore(env.DB).record(published);
    const authorAction = { ...published, at: 2, action: 'alterar-autor', slug: 'autor/ana-souza', title: 'Ana Souza' } as const;
    // Before 0009 the table refuses it: logged, not thrown (the action has already happened on the site).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await new ActionsStore(env.DB).record(authorAction);
    expect(logged.mock.calls.flat().join(' ')).toMatch(/newsroom_history_unrecorded.*CHECK constraint/);
    logged.mockRestore();
    expect(await new ActionsStore(env.DB).latest(10)).toEqual([published]);

    await env.DB.batch(migration('0009_').map((query) => env.DB.prepare(query)));
    const store = new ActionsStore(env.DB);
    await store.record(authorAction);
    expect(await store.latest(10)).toEqual([authorAction, published]);
    expect(await store.latest(10, 'uma')).toEqual([published]);
    await expect(
      env.DB.exec("INSERT INTO newsroom_actions (at, email, action, slug, title, detail) VALUES (3, 'a', 'apagar', 's', 't', 'd')"),
    ).rejects.toThrow(/CHECK constraint/);
  });
});
