import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { runAssess, toApiInputs } from '../../../src/cli/commands/assess.js';
import { UsageError } from '../../../src/cli/exit.js';
import { captureIo } from '../../fixtures/capture-io.js';
import { runWithServices } from '../../fixtures/cli-services.js';
import { writeTinyEmbeddings } from '../../fixtures/tiny-embeddings.js';
import { ANSWERABLE, FILEKIT_APIS, PARTIAL } from '../../engines/answerability/cases.js';

const root = mkdtempSync(join(tmpdir(), 'gg-cli-assess-'));
const env = { GUARD_HOME: join(root, 'home'), GUARD_EMBEDDINGS: writeTinyEmbeddings(root) };
const apisFile = join(root, 'apis.json');
writeFileSync(apisFile, JSON.stringify(FILEKIT_APIS));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('guard assess', () => {
  it('prints the JSON report and exits 0 when answerable', async () => {
    const { io, out } = captureIo({ env, cwd: root });
    expect(await runWithServices(runAssess, ['--query', ANSWERABLE, '--apis', 'apis.json', '--json'], io)).toBe(0);
    expect(JSON.parse(out())).toMatchObject({ label: 'answerable', requests: [{ covered: true, best_api: 'download' }], source: 'given' });
  });

  it('renders a readable report and exits 3 when only partly answerable', async () => {
    const { io, out } = captureIo({ env, cwd: root });
    expect(await runWithServices(runAssess, ['--query', PARTIAL, '--apis', apisFile], io)).toBe(3);
    expect(out()).toContain('partially answerable');
    expect(out()).toMatch(/2\. ✗ not covered/);
    expect(out()).toMatch(/unaccounted for: .*encrypt/);
  });

  it('shows help', async () => {
    const { io, out } = captureIo({ env });
    expect(await runWithServices(runAssess, ['--help'], io)).toBe(0);
    expect(out()).toContain('Usage: guard assess');
  });

  it.each([
    [[], /missing --query/],
    [['--query', 'x', '--top-k', '0'], /--top-k must be an integer/],
    [['--query', 'x', '--bogus'], /Unknown option/],
  ])('usage error for %j', async (argv, message) => {
    const { io } = captureIo({ env });
    const error = await runWithServices(runAssess, argv, io).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
  });

  it('names an unreadable or malformed --apis file', async () => {
    const { io } = captureIo({ env, cwd: root });
    await expect(runWithServices(runAssess, ['--query', 'x', '--apis', 'missing.json'], io)).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: expect.stringContaining('missing.json'),
    });
    writeFileSync(join(root, 'bad.json'), '{"API_1": 3}');
    await expect(runWithServices(runAssess, ['--query', 'x', '--apis', 'bad.json'], io)).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: expect.stringContaining('entry #1'),
    });
  });
});

describe('toApiInputs', () => {
  it('accepts arrays, RaCGEval records and API_n maps', () => {
    expect(toApiInputs(['a(x): b'], 'f')).toEqual(['a(x): b']);
    expect(toApiInputs({ query: 'q', retrieved_APIs: { API_1: 'a(x): b', API_2: 'c(): d' } }, 'f')).toEqual(['a(x): b', 'c(): d']);
    expect(toApiInputs({ API_1: 'a(x): b' }, 'f')).toEqual(['a(x): b']);
    expect(toApiInputs([{ name: 'fork', description: 'Copies.', signature: '(n)' }], 'f')).toEqual([
      { name: 'fork', description: 'Copies.', signature: '(n)' },
    ]);
  });
});
