import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { closeCompletionModels, constrainedComplete } from '../../src/app/constrained-complete.js';
import { buildSmallAutomaton } from '../../src/engines/package-names/index.js';
import { GuardError } from '../../src/shared/errors.js';
import { syntheticModelPath } from '../engines/decoding/model-fixtures.js';

const automata = { pypi: buildSmallAutomaton(['requests', 'numpy', 'flask', 'flask-login', 'django', 'pandas', 'typing-extensions']) };

async function fault(promise: Promise<unknown>): Promise<GuardError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GuardError);
    return error as GuardError;
  }
  throw new Error('expected a GuardError');
}

describe('constrainedComplete use case', () => {
  afterAll(async () => {
    await closeCompletionModels();
  });

  it('completes with the model from GUARD_MODEL; every package it writes exists', async () => {
    const env = { GUARD_MODEL: syntheticModelPath() };
    for (const seed of [1, 2, 3, 4]) {
      const result = await constrainedComplete({ prompt: '```bash\npip install ', maxTokens: 24, temperature: 1.5, seed }, { env, automata });
      expect(result.tokens).toBeGreaterThan(0);
      expect(result.tokens).toBeLessThanOrEqual(24);
      for (const p of result.packages) expect(p).toMatchObject({ ecosystem: 'pypi', exists: true });
      expect(result.timing.total_ms).toBeGreaterThan(0);
      expect(result.timing.mask_ms).toBeGreaterThanOrEqual(0);
    }
  }, 120_000);

  it('with monitor off reports the names it wrote, existing or not', async () => {
    const env = { GUARD_MODEL: syntheticModelPath() };
    let missing = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const result = await constrainedComplete({ prompt: '```bash\npip install ', maxTokens: 24, temperature: 1.5, seed, monitor: false }, { env, automata });
      expect(result.interventions).toBe(0);
      missing += result.packages.filter((p) => !p.exists).length;
    }
    expect(missing).toBeGreaterThan(0);
  }, 120_000);

  it('is reproducible for a seed', async () => {
    const env = { GUARD_MODEL: syntheticModelPath() };
    const a = await constrainedComplete({ prompt: '```bash\npip install ', maxTokens: 16, temperature: 0.7, seed: 42 }, { env, automata });
    const b = await constrainedComplete({ prompt: '```bash\npip install ', maxTokens: 16, temperature: 0.7, seed: 42 }, { env, automata });
    expect(b.text).toBe(a.text);
  }, 120_000);

  it('says MODEL_UNAVAILABLE when no model is set, the file is missing or not GGUF', async () => {
    expect((await fault(constrainedComplete({ prompt: 'x' }, { env: {}, automata }))).code).toBe('MODEL_UNAVAILABLE');
    const missing = await fault(constrainedComplete({ prompt: 'x', model: join(tmpdir(), 'no-such-model.gguf') }, { env: {}, automata }));
    expect(missing.code).toBe('MODEL_UNAVAILABLE');
    expect(missing.message).toContain('no-such-model.gguf');
    const dir = mkdtempSync(join(tmpdir(), 'guard-complete-'));
    const text = join(dir, 'model.gguf');
    writeFileSync(text, 'this is not a model at all');
    const notGguf = await fault(constrainedComplete({ prompt: 'x' }, { env: { GUARD_MODEL: text }, automata }));
    expect(notGguf.code).toBe('MODEL_UNAVAILABLE');
    expect(notGguf.message).toMatch(/not a GGUF model/);
    expect(notGguf.hint).toMatch(/GUARD_MODEL/);
  });

  it.each([
    [{ prompt: '' }, /prompt is empty/],
    [{ prompt: 'x', maxTokens: 0 }, /max_tokens/],
    [{ prompt: 'x', temperature: -1 }, /temperature/],
    [{ prompt: 'x', seed: 1.5 }, /seed/],
    [{ prompt: 'x', dag: true }, /dag/],
  ])('refuses bad input %j with INPUT_INVALID', async (request, message) => {
    const error = await fault(constrainedComplete(request, { env: { GUARD_MODEL: syntheticModelPath() }, automata }));
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toMatch(message);
  });
});
