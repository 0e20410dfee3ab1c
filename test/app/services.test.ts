import { describe, expect, it } from 'vitest';

import { createServices } from '../../src/app/services.js';
import { NO_WORD_VECTORS } from '../../src/engines/answerability/index.js';
import type { ApiIndexStore, SourceWatcher } from '../../src/engines/api-docs/index.js';

const context = { env: {}, cwd: process.cwd(), stderr: process.stderr };

describe('createServices', () => {
  it('closes what the process opened: index handles, watchers, extra closers, once', async () => {
    const services = createServices(context);
    const events: string[] = [];
    await services.apiDocs.indexes.get('/x/api-docs.sqlite', () =>
      Promise.resolve({ close: () => void events.push('index') } as unknown as ApiIndexStore),
    );
    await services.apiDocs.watchers.get('/x/api-docs.sqlite', () =>
      Promise.resolve({ close: () => Promise.resolve(void events.push('watcher')) } as SourceWatcher),
    );
    services.onClose(() => Promise.resolve(void events.push('gate')));
    services.nameLists.set('k', []);
    services.deltaLists.set('/x/gate/delta-npm.tsv', { mtimeMs: 1, names: new Map() });
    await Promise.all([services.close(), services.close()]);
    expect(events).toEqual(['gate', 'watcher', 'index']);
    expect(services.apiDocs.indexes.size).toBe(0);
    expect(services.nameLists.size).toBe(0);
    expect(services.deltaLists.size).toBe(0);
  });

  it('frees the judge models and forgets the word-vector tables, shared with API-docs meaning', async () => {
    const services = createServices(context);
    expect(services.apiDocs.wordVectors).toBe(services.answerability.wordVectors);
    const events: string[] = [];
    await services.answerability.judges.get('/m/judge.gguf', () =>
      Promise.resolve({ close: () => Promise.resolve(void events.push('judge')) }),
    );
    await services.answerability.wordVectors.get('table', () => Promise.resolve(NO_WORD_VECTORS));
    await services.close();
    expect(events).toEqual(['judge']);
    expect(services.answerability.judges.size).toBe(0);
    expect(services.answerability.wordVectors.size).toBe(0);
  });

  it('still closes the rest when one close fails, then reports the failure', async () => {
    const services = createServices(context);
    let closed = false;
    services.onClose(() => Promise.reject(new Error('gate would not stop')));
    await services.apiDocs.indexes.get('p', () => Promise.resolve({ close: () => void (closed = true) } as unknown as ApiIndexStore));
    await expect(services.close()).rejects.toThrow('gate would not stop');
    expect(closed).toBe(true);
  });

  it('reads the policy in force for its cwd and env', async () => {
    const services = createServices(context);
    expect((await services.policy.current()).version).toBe(1);
    await services.close();
  });
});
