import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { constrainedComplete } from '../../../src/app/completion/constrained-complete.js';
import type { DecodingModel, TokenConstraint } from '../../../src/engines/decoding/index.js';
import { buildSmallAutomaton } from '../../../src/engines/package-names/index.js';
import { GuardError } from '../../../src/shared/errors.js';
import { syntheticModelPath } from '../../engines/decoding/model-fixtures.js';
import { tempDir } from '../../fixtures/api-docs-sources.js';
import { botocoreDocsHome } from '../../fixtures/botocore-docs-index.js';

// The intervenor's snapshot goes to the cache directory: a temporary one here.
const home = mkdtempSync(join(tmpdir(), 'guard-complete-home-'));
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
  it('completes with the model from GUARD_MODEL; every package it writes exists', async () => {
    const env = { GUARD_MODEL: syntheticModelPath(), GUARD_HOME: home };
    for (const seed of [1, 2, 3, 4]) {
      const result = await constrainedComplete(
        { prompt: '```bash\npip install ', maxTokens: 24, temperature: 1.5, seed },
        { env, automata },
      );
      expect(result.tokens).toBeGreaterThan(0);
      expect(result.tokens).toBeLessThanOrEqual(24);
      for (const p of result.packages) expect(p).toMatchObject({ ecosystem: 'pypi', exists: true });
      expect(result.timing.total_ms).toBeGreaterThan(0);
      expect(result.timing.mask_ms).toBeGreaterThanOrEqual(0);
    }
    // The intervenor's trie and first masks were kept in the cache directory for the next process.
    expect(readdirSync(join(home, 'decoding')).filter((name) => name.endsWith('.gis')).length).toBeGreaterThan(0);
  }, 120_000);

  it('with monitor off reports the names it wrote, existing or not', async () => {
    const env = { GUARD_MODEL: syntheticModelPath(), GUARD_HOME: home };
    let missing = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const result = await constrainedComplete(
        { prompt: '```bash\npip install ', maxTokens: 24, temperature: 1.5, seed, monitor: false },
        { env, automata },
      );
      expect(result.interventions).toBe(0);
      missing += result.packages.filter((p) => !p.exists).length;
    }
    expect(missing).toBeGreaterThan(0);
  }, 120_000);

  it('is reproducible for a seed', async () => {
    const env = { GUARD_MODEL: syntheticModelPath(), GUARD_HOME: home };
    const a = await constrainedComplete({ prompt: '```bash\npip install ', maxTokens: 16, temperature: 0.7, seed: 42 }, { env, automata });
    const b = await constrainedComplete({ prompt: '```bash\npip install ', maxTokens: 16, temperature: 0.7, seed: 42 }, { env, automata });
    expect(b.text).toBe(a.text);
  }, 120_000);

  it("takes a chat through the model's own template; the monitor covers the assistant's reply", async () => {
    const env = { GUARD_MODEL: syntheticModelPath(), GUARD_HOME: home };
    const messages = [
      { role: 'system' as const, content: 'You answer with shell commands.' },
      { role: 'user' as const, content: 'How do I install requests? Answer with ```bash\npip install ' },
    ];
    let names = 0;
    for (const seed of [1, 2, 3]) {
      const result = await constrainedComplete({ messages, maxTokens: 24, temperature: 1.5, seed }, { env, automata });
      expect(result.tokens).toBeGreaterThan(0);
      for (const p of result.packages) expect(p).toMatchObject({ ecosystem: 'pypi', exists: true });
      names += result.packages.length;
    }
    console.log(`chat: ${names} names written under the monitor, all exist`);
  }, 120_000);

  it('takes exactly one of prompt and messages (INPUT_INVALID)', async () => {
    const env = { GUARD_MODEL: syntheticModelPath(), GUARD_HOME: home };
    expect((await fault(constrainedComplete({ maxTokens: 4 }, { env, automata }))).code).toBe('INPUT_INVALID');
    expect((await fault(constrainedComplete({ prompt: 'x', messages: [{ role: 'user', content: 'x' }] }, { env, automata }))).code).toBe(
      'INPUT_INVALID',
    );
    expect((await fault(constrainedComplete({ messages: [] }, { env, automata }))).code).toBe('INPUT_INVALID');
    expect((await fault(constrainedComplete({ messages: [{ role: 'robot' as never, content: 'x' }] }, { env, automata }))).code).toBe(
      'INPUT_INVALID',
    );
  }, 120_000);

  it('says MODEL_UNAVAILABLE when no model is set, the file is missing or not GGUF', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'guard-complete-nocfg-'));
    const none = await fault(constrainedComplete({ prompt: 'x' }, { env: { GUARD_CONFIG_HOME: empty }, cwd: empty, automata }));
    expect(none.code).toBe('MODEL_UNAVAILABLE');
    expect(none.hint).toMatch(/GUARD_MODEL[\s\S]*completion: \{ model: PATH \}/);
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

  it('takes the model from the policy files when neither the request nor GUARD_MODEL names one', async () => {
    const project = mkdtempSync(join(tmpdir(), 'guard-complete-cfg-'));
    mkdirSync(join(project, '.git'));
    mkdirSync(join(project, '.guard'));
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, '.guard', 'policy.yaml'), 'version: 1\ncompletion:\n  model: ../models/local.gguf\n');
    const user = mkdtempSync(join(tmpdir(), 'guard-complete-user-'));
    writeFileSync(join(user, 'policy.yaml'), 'version: 1\ncompletion:\n  model: /opt/user-model.gguf\n');
    const opened: string[] = [];
    const openModel = async (path: string) => {
      opened.push(path);
      throw new GuardError('MODEL_UNAVAILABLE', `test opener: ${path}`);
    };
    const env = { GUARD_CONFIG_HOME: user };
    // The project file beats the user file; its path is relative to the file.
    await fault(constrainedComplete({ prompt: 'x' }, { env, cwd: join(project, 'src'), automata, openModel }));
    expect(opened.at(-1)).toBe(join(project, 'models', 'local.gguf'));
    // The user file alone.
    await fault(constrainedComplete({ prompt: 'x' }, { env, cwd: user, automata, openModel }));
    expect(opened.at(-1)).toBe('/opt/user-model.gguf');
    // GUARD_MODEL and the request beat the files.
    await fault(constrainedComplete({ prompt: 'x' }, { env: { ...env, GUARD_MODEL: '/env.gguf' }, cwd: project, automata, openModel }));
    expect(opened.at(-1)).toBe('/env.gguf');
    await fault(
      constrainedComplete(
        { prompt: 'x', model: '/arg.gguf' },
        { env: { ...env, GUARD_MODEL: '/env.gguf' }, cwd: project, automata, openModel },
      ),
    );
    expect(opened.at(-1)).toBe('/arg.gguf');
    // A bad value is a located CONFIG_INVALID.
    writeFileSync(join(project, '.guard', 'policy.yaml'), 'version: 1\ncompletion:\n  model: 42\n');
    const bad = await fault(constrainedComplete({ prompt: 'x' }, { env, cwd: project, automata, openModel }));
    expect(bad.code).toBe('CONFIG_INVALID');
    expect(bad.message).toMatch(/policy\.yaml:3:\d+ completion\.model: expected the path of a GGUF model file/);
  });

  it('lets the model write private overlay names, and keeps policy-reserved and denied names out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-complete-overlay-'));
    const env = { GUARD_HOME: join(dir, 'home'), GUARD_CONFIG_HOME: join(dir, 'config'), GUARD_MODEL: syntheticModelPath() };
    // The public list has a look-alike under the private namespace (fastapi) and a denied package (django).
    writeFileSync(join(dir, 'pypi.txt'), 'requests\nnumpy\nflask\ntorch\nfastapi\ndjango\n');
    writeFileSync(join(dir, 'acme.txt'), 'torchvision\npandas\n');
    const { importAllowlist } = await import('../../../src/app/packages/manage-allowlists.js');
    await importAllowlist('pypi', join(dir, 'pypi.txt'), {}, { env });
    await importAllowlist('pypi', join(dir, 'acme.txt'), { overlay: 'acme' }, { env });
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, '.guard'));
    writeFileSync(
      join(dir, '.guard', 'policy.yaml'),
      'version: 1\nprivate:\n  - { ecosystem: pypi, pattern: "fast*", overlay: acme }\npackages:\n  deny:\n    - { ecosystem: pypi, name: django }\n',
    );
    const seen = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const result = await constrainedComplete(
        { prompt: '```bash\npip install ', maxTokens: 24, temperature: 1.5, seed, ecosystems: ['pypi'] },
        { env, cwd: dir },
      );
      for (const p of result.packages) {
        expect(p).toMatchObject({ ecosystem: 'pypi', exists: true });
        seen.add(p.name.toLowerCase());
      }
    }
    expect(seen.size).toBeGreaterThan(1);
    for (const name of seen) expect(['requests', 'numpy', 'flask', 'torch', 'torchvision', 'pandas']).toContain(name);
  }, 300_000);

  it.each([
    [{ prompt: '' }, /prompt is empty/],
    [{ prompt: 'x', maxTokens: 0 }, /max_tokens/],
    [{ prompt: 'x', temperature: -1 }, /temperature/],
    [{ prompt: 'x', seed: 1.5 }, /seed/],
  ])('refuses bad input %j with INPUT_INVALID', async (request, message) => {
    const error = await fault(constrainedComplete(request, { env: { GUARD_MODEL: syntheticModelPath() }, automata }));
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toMatch(message);
  });
});

/**
 * A scripted byte-level model: one token per byte plus an end token; it writes `script(prompt)`
 * and gives every token probability `probability(text so far)`. Generations it saw are recorded.
 */
function scriptedModel(
  script: (prompt: string) => string,
  probability: (written: string) => number,
): { model: DecodingModel; prompts: string[] } {
  const bytes = Array.from({ length: 256 }, (_, b) => Uint8Array.of(b));
  const END = 256;
  const vocabulary = { bytes: [...bytes, new Uint8Array(0)], eog: new Set([END]), control: new Set([END]), model: 'gpt2' };
  const prompts: string[] = [];
  let planned: Uint8Array = new Uint8Array(0);
  let at = 0;
  const decoder = new TextDecoder();
  const model: DecodingModel = {
    vocabulary,
    tokenize: (text) => [...new TextEncoder().encode(text)],
    async reset() {
      at = -1;
    },
    async next(tokens) {
      if (at === -1) {
        const prompt = decoder.decode(Uint8Array.from(tokens));
        prompts.push(prompt);
        planned = new TextEncoder().encode(script(prompt));
      }
      at++;
      return at < planned.length ? planned[at]! : END;
    },
    async resample(constraint: TokenConstraint) {
      return constraint.allowed()[0]!;
    },
    async probability() {
      return probability(decoder.decode(planned.subarray(0, at)));
    },
  };
  return { model, prompts };
}

describe('constrainedComplete with dag (DAG++ inside generation)', () => {
  let home: string;
  const prompt = '```python\nimport boto3\ns3 = boto3.client("s3")\nresponse = s3.';

  beforeAll(async () => {
    home = await botocoreDocsHome();
  });

  it('regenerates once with the documentation in front when the first generation calls an API that does not exist', async () => {
    const { model, prompts } = scriptedModel(
      (p) => (p.includes('Relevant API documentation') ? 'list_objects_v2(Bucket="b")\n```\n' : 'list_all_objects(Bucket="b")\n```\n'),
      () => 0.97,
    );
    const result = await constrainedComplete(
      { prompt, dag: true, maxTokens: 64 },
      { env: { GUARD_HOME: home, GUARD_MODEL: 'scripted' }, automata, openModel: async () => model },
    );
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toMatch(/^```python\n"""\nRelevant API documentation:[\s\S]*s3\.list_objects_v2[\s\S]*"""\nimport boto3/);
    expect(result.text).toBe('list_objects_v2(Bucket="b")\n```\n');
    expect(result.dag).toMatchObject({
      triggered: true,
      reason: expect.stringMatching(/unknown API/),
      invocations: [{ exists: false, confidence: 0.97 }],
      first_text: 'list_all_objects(Bucket="b")\n```\n',
    });
    expect(result.dag!.retrieved).toContain('boto3 s3.list_objects_v2');
  });

  it('keeps the first generation when its calls exist and the model was sure of their names', async () => {
    const { model, prompts } = scriptedModel(
      () => 'get_object(Bucket="b", Key="k")\n',
      () => 0.93,
    );
    const result = await constrainedComplete(
      { prompt, dag: true, maxTokens: 64 },
      { env: { GUARD_HOME: home, GUARD_MODEL: 'scripted-2' }, automata, openModel: async () => model },
    );
    expect(prompts).toHaveLength(1);
    expect(result.text).toBe('get_object(Bucket="b", Key="k")\n');
    expect(result.dag).toMatchObject({ triggered: false, invocations: [{ api: 's3.get_object', confidence: 0.93 }], retrieved: [] });
    expect(result.dag!.first_text).toBeUndefined();
  });

  it('regenerates when the model was unsure of a name that exists (confidence below 0.8)', async () => {
    // Unsure while writing "get_object": the name's last tokens at 0.4.
    const { model, prompts } = scriptedModel(
      () => 'get_object(Bucket="b", Key="k")\n',
      (written) => (written.length >= 4 && written.length < 10 ? 0.4 : 0.99),
    );
    const result = await constrainedComplete(
      { prompt, dag: true, maxTokens: 64 },
      { env: { GUARD_HOME: home, GUARD_MODEL: 'scripted-3' }, automata, openModel: async () => model },
    );
    expect(prompts).toHaveLength(2);
    expect(result.dag).toMatchObject({ triggered: true, reason: expect.stringMatching(/confidence 0\.4 below/) });
  });

  it('without a docs index says INDEX_MISSING before generating', async () => {
    const { model, prompts } = scriptedModel(
      () => 'x',
      () => 1,
    );
    const error = await fault(
      constrainedComplete(
        { prompt, dag: true },
        { env: { GUARD_HOME: tempDir(), GUARD_MODEL: 'scripted-4' }, automata, openModel: async () => model },
      ),
    );
    expect(error.code).toBe('INDEX_MISSING');
    expect(error.hint).toMatch(/guard docs index/);
    expect(prompts).toHaveLength(0);
  });
});
