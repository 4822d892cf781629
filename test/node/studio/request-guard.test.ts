import { describe, expect, it } from 'vitest';
import { type GuardRequest, guardAction, guardRead } from '../../../scripts/studio/request-guard.ts';

const PORT = 8790;
const TOKEN = 'token-of-this-run';
const fromPanel: GuardRequest = {
  method: 'POST',
  host: `127.0.0.1:${PORT}`,
  origin: `http://127.0.0.1:${PORT}`,
  token: TOKEN,
  contentType: 'application/json',
  remoteAddress: '127.0.0.1',
};

describe('the studio answers only this machine, by its own name', () => {
  it('lets the panel read and act', () => {
    expect(guardRead(fromPanel, PORT)).toBeNull();
    expect(guardAction(fromPanel, PORT, TOKEN)).toBeNull();
    expect(guardAction({ ...fromPanel, host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` }, PORT, TOKEN)).toBeNull();
  });

  it('refuses another machine, and a page that reached it under another name (DNS rebinding)', () => {
    expect(guardRead({ ...fromPanel, remoteAddress: '192.168.0.7' }, PORT)?.status).toBe(403);
    expect(guardRead({ ...fromPanel, host: `evil.example:${PORT}` }, PORT)?.status).toBe(421);
    expect(guardRead({ ...fromPanel, host: undefined }, PORT)?.status).toBe(421);
    expect(guardRead({ ...fromPanel, host: '127.0.0.1:9999' }, PORT)?.status).toBe(421);
  });

  it("refuses an action another site's page sends, or one without this run's token", () => {
    expect(guardAction({ ...fromPanel, origin: 'https://evil.example' }, PORT, TOKEN)?.status).toBe(403);
    expect(guardAction({ ...fromPanel, origin: undefined }, PORT, TOKEN)?.status).toBe(403);
    expect(guardAction({ ...fromPanel, token: undefined }, PORT, TOKEN)?.status).toBe(403);
    expect(guardAction({ ...fromPanel, token: 'token-of-an-older-run' }, PORT, TOKEN)?.status).toBe(403);
    expect(guardAction({ ...fromPanel, contentType: 'text/plain' }, PORT, TOKEN)?.status).toBe(415);
  });

  it('takes actions as POST only', () => {
    expect(guardAction({ ...fromPanel, method: 'GET' }, PORT, TOKEN)).toMatchObject({ status: 405, allow: 'POST' });
  });
});
