/**
 * Black-box: `constrained_complete` over a real MCP stdio connection and `guard complete` on the
 * built CLI, with the project's random-weights model and the shipped PyPI name list.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { syntheticModelPath } from '../engines/decoding/model-fixtures.js';
import { writeBotocore } from '../fixtures/api-docs-sources.js';
import { CLI, connectBuiltCli, type StdioSession } from '../fixtures/mcp-stdio-client.js';

interface Output {
  text: string;
  packages: Array<{ ecosystem: string; name: string; exists: boolean }>;
  interventions: number;
  tokens: number;
  timing: { total_ms: number; mask_ms: number };
}

describe('constrained_complete over MCP stdio (built CLI)', () => {
  let home: string;
  let session: StdioSession;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'guard-complete-e2e-'));
    session = await connectBuiltCli({ GUARD_HOME: home, GUARD_MODEL: syntheticModelPath() });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('lists the tool with described inputs', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'constrained_complete');
    expect(tool).toBeDefined();
    const properties = (tool!.inputSchema as { properties: Record<string, { description?: string }> }).properties;
    for (const field of ['prompt', 'max_tokens', 'temperature', 'seed', 'ecosystems', 'monitor', 'model', 'dag']) {
      expect(properties[field]?.description, field).toBeTruthy();
    }
  });

  it('completes an install command with only existing PyPI names, against the full PyPI list', async () => {
    let names = 0;
    for (const seed of [1, 2, 3]) {
      const result = await session.call('constrained_complete', {
        prompt: '```bash\npip install ',
        max_tokens: 20,
        temperature: 1.5,
        seed,
        ecosystems: ['pypi'],
      });
      expect(result.isError, `tool error: ${JSON.stringify(result.content)}\nstderr: ${session.stderr()}`).toBeFalsy();
      const output = result.structuredContent as unknown as Output;
      expect(output.tokens).toBeGreaterThan(0);
      expect(typeof output.text).toBe('string');
      names += output.packages.length;
      for (const p of output.packages) expect(p).toMatchObject({ ecosystem: 'pypi', exists: true });
    }
    expect(names).toBeGreaterThan(0);
  }, 300_000);

  it('with dag, reads the token probabilities of a real model and reviews its calls against the docs index', async () => {
    const missing = await session.call('constrained_complete', { prompt: 'import boto3\n', max_tokens: 4, dag: true });
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain('INDEX_MISSING');
    const dir = await mkdtemp(join(tmpdir(), 'guard-complete-docs-'));
    writeBotocore(dir);
    const indexed = spawnSync(process.execPath, [CLI, 'docs', 'index', `botocore:${dir}`], {
      env: { ...process.env, GUARD_HOME: home },
      encoding: 'utf8',
    });
    expect(indexed.status, indexed.stderr).toBe(0);
    const result = await session.call('constrained_complete', {
      prompt: '```python\nimport boto3\ns3 = boto3.client("s3")\ns3.',
      max_tokens: 16,
      temperature: 1,
      seed: 3,
      dag: true,
      ecosystems: ['pypi'],
    });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const output = result.structuredContent as unknown as Output & {
      dag: {
        triggered: boolean;
        reason: string;
        invocations: Array<{ api: string; confidence?: number }>;
        retrieved: string[];
        first_text?: string;
      };
    };
    expect(output.dag.reason).toMatch(/unknown API|invalid usage|confidence|no generated call|every generated call/);
    // The random-weights model is unsure of anything it writes: a name it wrote is either unknown or below 0.8.
    for (const call of output.dag.invocations) if (call.confidence !== undefined) expect(call.confidence).toBeLessThan(0.8);
    if (output.dag.triggered) {
      expect(output.dag.retrieved.length).toBeGreaterThan(0);
      expect(typeof output.dag.first_text).toBe('string');
    } else {
      expect(output.dag.retrieved).toEqual([]);
      expect(output.dag.invocations).toEqual([]);
    }
    await rm(dir, { recursive: true, force: true });
  }, 300_000);

  it('answers a bad model path as an isError result with MODEL_UNAVAILABLE', async () => {
    const result = await session.call('constrained_complete', { prompt: 'hello', model: join(home, 'missing.gguf') });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('MODEL_UNAVAILABLE');
  });
});

describe('guard complete (built CLI)', () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'guard-complete-cli-'));
  });
  afterAll(async () => {
    if (home) await rm(home, { recursive: true, force: true });
  });
  const guard = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [CLI, 'complete', ...args], {
      env: { ...process.env, GUARD_HOME: home, GUARD_MODEL: '', ...env },
      encoding: 'utf8',
    });

  it('prints help', () => {
    const run = guard(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('--no-monitor');
  });

  it('prints JSON with --json, monitor on and off', () => {
    for (const extra of [[], ['--no-monitor']]) {
      const run = guard(
        [
          '--prompt',
          '```bash\npip install ',
          '--max-tokens',
          '12',
          '--temperature',
          '0.7',
          '--seed',
          '5',
          '--ecosystem',
          'pypi',
          '--json',
          ...extra,
        ],
        {
          GUARD_MODEL: syntheticModelPath(),
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const output = JSON.parse(run.stdout) as Output;
      expect(output.tokens).toBeGreaterThan(0);
      if (extra.length === 0) for (const p of output.packages) expect(p.exists).toBe(true);
      else expect(output.interventions).toBe(0);
    }
  }, 300_000);

  it('reads the prompt from a file or stdin with --prompt-file', () => {
    const file = join(home, 'prompt.txt');
    writeFileSync(file, '```bash\npip install ');
    const args = ['--max-tokens', '6', '--seed', '2', '--ecosystem', 'pypi', '--json'];
    const fromFile = guard(['--prompt-file', file, ...args], { GUARD_MODEL: syntheticModelPath() });
    expect(fromFile.status, fromFile.stderr).toBe(0);
    const fromArg = guard(['--prompt', '```bash\npip install ', ...args], { GUARD_MODEL: syntheticModelPath() });
    expect((JSON.parse(fromFile.stdout) as Output).text).toBe((JSON.parse(fromArg.stdout) as Output).text);
    const fromStdin = spawnSync(process.execPath, [CLI, 'complete', '--prompt-file', '-', ...args], {
      env: { ...process.env, GUARD_HOME: home, GUARD_MODEL: syntheticModelPath() },
      input: '```bash\npip install ',
      encoding: 'utf8',
    });
    expect(fromStdin.status, fromStdin.stderr).toBe(0);
    expect((JSON.parse(fromStdin.stdout) as Output).text).toBe((JSON.parse(fromArg.stdout) as Output).text);
    const missing = guard(['--prompt-file', join(home, 'nope.txt')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read --prompt-file');
    expect(guard(['--prompt', 'x', '--prompt-file', file]).stderr).toContain('not both');
  }, 300_000);

  it('takes a chat with --messages-file (a JSON array of {role, content}); names written in the reply exist', () => {
    const file = join(home, 'chat.json');
    writeFileSync(file, JSON.stringify([{ role: 'user', content: 'Install requests. Reply with: ```bash\npip install ' }]));
    const args = ['--max-tokens', '16', '--temperature', '1.5', '--seed', '3', '--ecosystem', 'pypi', '--json'];
    const run = guard(['--messages-file', file, ...args], { GUARD_MODEL: syntheticModelPath() });
    expect(run.status, run.stderr).toBe(0);
    const output = JSON.parse(run.stdout) as Output;
    expect(output.tokens).toBeGreaterThan(0);
    for (const p of output.packages) expect(p.exists).toBe(true);
    writeFileSync(file, '{"role": "user"}');
    const bad = guard(['--messages-file', file, ...args], { GUARD_MODEL: syntheticModelPath() });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('non-empty JSON array');
    expect(guard(['--prompt', 'x', '--messages-file', file]).stderr).toContain('not both');
  }, 300_000);

  it('fails clearly without a model or with a file that is not GGUF', () => {
    const none = guard(['--prompt', 'hi']);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('no model is set');
    expect(none.stderr).toContain('GUARD_MODEL');
    const bogus = join(home, 'bogus.gguf');
    writeFileSync(bogus, 'GGML? no');
    const bad = guard(['--prompt', 'hi', '--model', bogus]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('not a GGUF model');
  });

  it('rejects bad options as usage errors', () => {
    const run = guard(['--prompt', 'x', '--max-tokens', 'lots']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--max-tokens must be an integer');
    expect(guard([]).status).toBe(2);
    expect(guard(['--prompt', 'x', '--ecosystem', 'cargo']).stderr).toContain('unknown ecosystem');
  });
});
