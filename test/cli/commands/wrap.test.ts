/** Tests for runWrapped (`guard <pm> …`): a fault while vetting is decided by the policy's on_unverifiable, never a crash. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliServices } from '../../../src/cli/command.js';
import { runWrapped } from '../../../src/cli/commands/wrap.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';
import { textSink } from '../../fixtures/capture-io.js';

let home: GuardHome;

beforeAll(async () => {
  home = await makeGuardHome();
});
afterAll(() => home.cleanup());

/** Runs `pip install -r big.txt` (a requirements file over the reader's 5 MB limit: a fault) as a dry run under `policy`. */
async function wrapOverLimit(name: string, policy: string | undefined, userPolicy?: string): Promise<{ code: number; stderr: string }> {
  const cwd = home.project(name, policy);
  home.write('config/policy.yaml', userPolicy ?? 'version: 1\n');
  home.write(`${name}/big.txt`, `${'requests\n'.repeat(700_000)}`);
  const stdout = textSink();
  const stderr = textSink();
  const io = { stdout, stderr, stdin: process.stdin, cwd, env: { ...home.env, PATH: process.env.PATH ?? '', GUARD_DRY_RUN: '1' } };
  const services = createCliServices(io);
  const code = await runWrapped('pip', ['install', '-r', 'big.txt'], io, services).finally(() => services.close());
  return { code, stderr: stderr.text };
}

describe('runWrapped: a fault while vetting', () => {
  it('is denied with the reason under on_unverifiable: deny (the default), exit 3, not a crash', async () => {
    const { code, stderr } = await wrapOverLimit('deny', undefined);
    expect(code).toBe(3);
    expect(stderr).toMatch(/guard: blocked: groundguard could not verify this: .*big\.txt/);
    expect(stderr).toMatch(/on_unverifiable: deny/);
    expect(stderr).toMatch(/nothing was run/);
  });

  it('runs with the warning under on_unverifiable: warn', async () => {
    // A project's policy cannot relax the user's: the user's own says warn.
    const { code, stderr } = await wrapOverLimit('warn', undefined, 'version: 1\non_unverifiable: warn\n');
    expect(code).toBe(0);
    expect(stderr).toMatch(/guard: warning: groundguard could not verify this: .*on_unverifiable: warn/);
  });

  it('is denied when the policy itself cannot be loaded', async () => {
    const { code, stderr } = await wrapOverLimit('broken', 'version: 1\nno_such_key: [\n');
    expect(code).toBe(3);
    expect(stderr, stderr).toMatch(/guard: blocked: [\s\S]*policy cannot be loaded/);
  });
});
