/**
 * Surface parity over the tune split of the red-team corpus (bench/data/install-guard/red-team.jsonl):
 * every shell probe gets the same verdict class from the Claude Code and the Cursor hooks, and every
 * argv probe the same from the wrapper (and so the shims) and from both hooks reading it as the shell
 * command it is. A shell probe that is one plain command of a wrapped program (`VAR=x pip install y`,
 * no quotes or operators) is put to the wrapper too, as the argv a shell would hand it. The held-out
 * split is not read here: it is scored only by the bench.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Probe } from '../../scripts/red-team/build-corpus-types.js';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';
import { surfaceVerdicts, type SurfaceCase } from './surface-verdicts.js';
import { WRAPPED_PROGRAMS } from '../../src/cli/wrapped-programs.js';

const probes = readFileSync(join(process.cwd(), 'bench', 'data', 'install-guard', 'red-team.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Probe)
  .filter((probe) => probe.split !== 'heldout' && probe.kind !== 'edit');

const WRAPPED: ReadonlySet<string> = new Set(WRAPPED_PROGRAMS);

/** A shell probe as the argv (and `VAR=x` prefixes) a shell hands its program, when it is one plain command of a wrapped program. */
export function asWrappedArgv(command: string): { argv: string[]; env: Record<string, string> } | undefined {
  if (!/^[A-Za-z0-9_@%+=:,./ -]+$/.test(command.trim())) return undefined;
  const words = command.trim().split(/ +/);
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0] ?? '')) {
    const word = words.shift() ?? '';
    env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
  }
  return words.length > 0 && WRAPPED.has(words[0] ?? '') ? { argv: words, env } : undefined;
}

let home: GuardHome;
let root: string;

beforeAll(async () => {
  home = await makeGuardHome();
  root = mkdtempSync(join(tmpdir(), 'gg-parity-corpus-'));
});
afterAll(() => {
  home.cleanup();
  rmSync(root, { recursive: true, force: true });
});

describe('surface parity over the tune corpus', () => {
  it('has the probes to check', () => {
    expect(probes.filter((p) => p.kind === 'bash').length).toBeGreaterThan(500);
    expect(probes.filter((p) => p.kind === 'argv').length).toBeGreaterThan(100);
  });

  it('puts plain shell probes of wrapped programs to the wrapper too', () => {
    expect(asWrappedArgv('PIP_INDEX_URL=https://x.example/simple pip install a')).toEqual({
      argv: ['pip', 'install', 'a'],
      env: { PIP_INDEX_URL: 'https://x.example/simple' },
    });
    expect(asWrappedArgv('pip install a && npm i b')).toBeUndefined();
    expect(asWrappedArgv('ls -la')).toBeUndefined();
    expect(probes.filter((p) => p.kind === 'bash' && asWrappedArgv(p.command ?? '') !== undefined).length).toBeGreaterThan(50);
  });

  it('gives every probe one verdict class on every surface that sees it', { timeout: 3_600_000 }, async () => {
    const differing: string[] = [];
    for (const probe of probes) {
      const files = probe.files ? { files: probe.files } : {};
      const wrapped = probe.kind === 'bash' ? asWrappedArgv(probe.command ?? '') : undefined;
      const item: SurfaceCase =
        wrapped !== undefined
          ? { ...wrapped, ...files }
          : probe.kind === 'bash'
            ? { command: probe.command ?? '', ...files }
            : { argv: probe.argv ?? [], ...(probe.env ? { env: probe.env } : {}), ...files };
      const verdicts = await surfaceVerdicts(item, root, home.env);
      const classes = new Set([verdicts.claudeCode, verdicts.cursor, ...(verdicts.wrapper ? [verdicts.wrapper] : [])]);
      if (classes.size > 1) differing.push(`${probe.id}: ${JSON.stringify(verdicts)}`);
    }
    expect(differing).toEqual([]);
  });
});
