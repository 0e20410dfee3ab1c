/** Tests for hot reload of policy files with real chokidar watches on a temporary directory. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LoadedPolicy } from '../../src/config/load-policy.js';
import { watchPolicy, type PolicyWatcher } from '../../src/config/watch-policy.js';
import { type GuardError } from '../../src/shared/errors.js';
import { writeUnder } from '../fixtures/write-file.js';

let root: string;
let watcher: PolicyWatcher | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'guard-watch-'));
  mkdirSync(join(root, 'repo', '.git'), { recursive: true });
});
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
  rmSync(root, { recursive: true, force: true });
});

function write(path: string, text: string): string {
  return writeUnder(root, path, text);
}

/** Polls until `predicate` holds; fails after `ms`. */
async function waitFor(predicate: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function start(): { changes: LoadedPolicy[]; errors: GuardError[] } {
  const changes: LoadedPolicy[] = [];
  const errors: GuardError[] = [];
  watcher = watchPolicy(
    { cwd: join(root, 'repo'), env: { XDG_CONFIG_HOME: join(root, 'xdg') }, debounceMs: 20 },
    (loaded) => changes.push(loaded),
    (error) => errors.push(error),
  );
  return { changes, errors };
}

describe('watchPolicy', () => {
  it('reloads a valid edit, keeps the last good policy on an invalid one, and recovers', async () => {
    const project = write('repo/.guard/policy.yaml', 'version: 1\nmode: block\n');
    const { changes, errors } = start();
    await watcher!.ready;
    expect(watcher!.current()).toMatchObject({ policy: { mode: 'block' }, sources: [project] });

    write('repo/.guard/policy.yaml', 'version: 1\ntrust: { min_popularity: 0.5 }\n');
    await waitFor(() => changes.length >= 1, 'the valid edit');
    expect(watcher!.current().policy.trust.min_popularity).toBe(0.5);

    write('repo/.guard/policy.yaml', 'version: 1\nmode: sideways\n');
    await waitFor(() => errors.length >= 1, 'the invalid edit');
    expect(errors[0]!.code).toBe('CONFIG_INVALID');
    expect(errors[0]!.message).toContain(`${project}:2:7 mode: expected block or warn, saw "sideways"`);
    expect(watcher!.current().policy.trust.min_popularity).toBe(0.5);

    const before = changes.length;
    write('repo/.guard/policy.yaml', 'version: 1\nmode: block\nsources: { vcs: block }\n');
    await waitFor(() => changes.length > before, 'the fixed edit');
    expect(watcher!.current().policy).toMatchObject({ mode: 'block', sources: { vcs: 'block' }, trust: { min_popularity: 0 } });
  });

  it('sees files created in directories that did not exist, and removed files', async () => {
    const { changes } = start();
    await watcher!.ready;
    expect(watcher!.current().sources).toEqual([]);

    const user = write('xdg/groundguard/policy.yaml', 'version: 1\ntrust: { min_popularity: 0.3 }\n');
    await waitFor(() => watcher!.current().sources.length === 1, 'the new user file');
    expect(watcher!.current()).toMatchObject({ sources: [user], policy: { trust: { min_popularity: 0.3 } } });

    const project = write('repo/.guard/policy.yaml', 'version: 1\nsources: { vcs: block }\n');
    await waitFor(() => watcher!.current().sources.length === 2, 'the new project file');
    expect(watcher!.current()).toMatchObject({
      sources: [user, project],
      policy: { sources: { vcs: 'block' }, trust: { min_popularity: 0.3 } },
    });

    rmSync(join(root, 'repo', '.guard'), { recursive: true });
    await waitFor(() => watcher!.current().sources.length === 1, 'the removal');
    expect(watcher!.current().policy.sources.vcs).toBe('warn');
    expect(changes.length).toBeGreaterThanOrEqual(3);
  });

  it('throws CONFIG_INVALID when the policy is invalid from the start', () => {
    write('repo/.guard/policy.yaml', 'version: 1\nmod: warn\n');
    expect(() => start()).toThrow(/mod: unknown key "mod"; did you mean "mode"\?/);
  });
});
