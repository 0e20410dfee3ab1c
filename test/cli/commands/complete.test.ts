import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { runComplete } from '../../../src/cli/commands/complete.js';
import { UsageError } from '../../../src/cli/exit.js';
import { type GuardError } from '../../../src/shared/errors.js';
import { captureIo } from '../../fixtures/capture-io.js';
import { runWithServices } from '../../fixtures/cli-services.js';
import { syntheticModelPath } from '../../engines/decoding/model-fixtures.js';

// The bundled PyPI list is compiled on first use into GUARD_HOME: a temp one per run.
const home = mkdtempSync(join(tmpdir(), 'guard-complete-cli-'));

afterAll(async () => {
  rmSync(home, { recursive: true, force: true });
});

describe('guard complete', () => {
  it('prints help with every option', async () => {
    const { io, out } = captureIo();
    expect(await runWithServices(runComplete, ['--help'], io)).toBe(0);
    for (const option of ['--prompt', '--model', '--max-tokens', '--temperature', '--seed', '--ecosystem', '--no-monitor', '--json']) {
      expect(out()).toContain(option);
    }
  });

  it.each([
    [[], /missing --prompt/],
    [['--prompt', 'x', '--seed', '1.5'], /--seed must be an integer/],
    [['--prompt', 'x', '--temperature', 'hot'], /--temperature must be a number/],
    [['--prompt', 'x', '--ecosystem', 'maven'], /unknown ecosystem "maven"/],
    [['--prompt', 'x', '--bogus'], /bogus/],
  ])('%j is a usage error', async (argv, message) => {
    const { io } = captureIo();
    await expect(runWithServices(runComplete, argv, io)).rejects.toThrow(UsageError);
    await expect(runWithServices(runComplete, argv, io)).rejects.toThrow(message);
  });

  it('fails with MODEL_UNAVAILABLE when no model is set', async () => {
    const { io } = captureIo({ env: {} });
    await expect(runWithServices(runComplete, ['--prompt', 'hello'], io)).rejects.toMatchObject({
      code: 'MODEL_UNAVAILABLE',
    } satisfies Partial<GuardError>);
  });

  it('prints the text on stdout and a summary on stderr', async () => {
    const { io, out, err } = captureIo({ env: { GUARD_MODEL: syntheticModelPath(), GUARD_HOME: home } });
    expect(await runWithServices(runComplete, ['--prompt', 'The weather', '--max-tokens', '4', '--ecosystem', 'pypi'], io)).toBe(0);
    expect(out().length).toBeGreaterThan(0);
    expect(err()).toMatch(/\d+ tokens, \d+ interventions/);
  }, 120_000);
});
