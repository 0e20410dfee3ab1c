/**
 * Surface parity over the tune split of the red-team corpus (bench/data/install-guard/red-team.jsonl):
 * every shell probe gets the same verdict class from the Claude Code and the Cursor hooks, and every
 * argv probe the same from the wrapper (and so the shims) and from both hooks reading it as the shell
 * command it is. The held-out split is not read here: it is scored only by the bench.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Probe } from '../../scripts/red-team/build-corpus-types.js';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';
import { surfaceVerdicts } from './surface-verdicts.js';

const probes = readFileSync(join(process.cwd(), 'bench', 'data', 'install-guard', 'red-team.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Probe)
  .filter((probe) => probe.split !== 'heldout' && probe.kind !== 'edit');

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

  it('gives every probe one verdict class on every surface that sees it', { timeout: 3_600_000 }, async () => {
    const differing: string[] = [];
    for (const probe of probes) {
      const item =
        probe.kind === 'bash'
          ? { command: probe.command ?? '', ...(probe.files ? { files: probe.files } : {}) }
          : { argv: probe.argv ?? [], ...(probe.env ? { env: probe.env } : {}), ...(probe.files ? { files: probe.files } : {}) };
      const verdicts = await surfaceVerdicts(item, root, home.env);
      const classes = new Set([verdicts.claudeCode, verdicts.cursor, ...(verdicts.wrapper ? [verdicts.wrapper] : [])]);
      if (classes.size > 1) differing.push(`${probe.id}: ${JSON.stringify(verdicts)}`);
    }
    expect(differing).toEqual([]);
  });
});
