/** `guard mcp` hot-reloads the policy: a real MCP client over stdio against the built CLI, with real file edits. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBuiltCli, type StdioSession } from '../fixtures/mcp-stdio-client.js';
import { seedNameCheckpoints } from '../fixtures/name-checkpoints.js';

interface Output {
  verdict: string;
  results: Array<{ verdict: string; reasons: Array<{ code: string }> }>;
}

describe('guard mcp policy hot reload (built CLI)', () => {
  let root: string;
  let session: StdioSession;
  const policyFile = (): string => join(root, 'repo', '.guard', 'policy.yaml');

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'guard-mcp-policy-'));
    mkdirSync(join(root, 'repo', '.git'), { recursive: true });
    mkdirSync(join(root, 'repo', '.guard'), { recursive: true });
    writeFileSync(policyFile(), 'version: 1\n');
    seedNameCheckpoints(join(root, 'home'));
    session = await connectBuiltCli(
      { GUARD_HOME: join(root, 'home'), XDG_CONFIG_HOME: join(root, 'xdg'), GUARD_CONFIG_HOME: join(root, 'xdg', 'groundguard') },
      { cwd: join(root, 'repo') },
    );
  });

  afterAll(async () => {
    await session?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  async function check(): Promise<Output> {
    const result = await session.call('check_package', { ecosystem: 'pypi', packages: ['requests'] });
    expect(result.isError, `tool error: ${JSON.stringify(result.content)}\nstderr: ${session.stderr()}`).toBeFalsy();
    return result.structuredContent as unknown as Output;
  }

  /** Polls until `predicate` holds; fails after `ms`. */
  async function waitFor(predicate: () => Promise<boolean> | boolean, what: string, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await predicate())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; stderr: ${session.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('applies a deny added to the project policy, and keeps it when the next edit is invalid', async () => {
    expect((await check()).verdict).toBe('allow');

    writeFileSync(policyFile(), 'version: 1\npackages:\n  deny: [{ ecosystem: pypi, name: requests, reason: pinned fork only }]\n');
    await waitFor(async () => (await check()).verdict === 'block', 'the deny to apply');
    const denied = await check();
    expect(denied.results[0]?.reasons[0]?.code).toBe('policy_denied');

    writeFileSync(policyFile(), 'version: 1\npackages: [unclosed\n');
    await waitFor(() => /CONFIG_INVALID.*keeping the last good policy/.test(session.stderr()), 'the invalid edit to be logged');
    const logged = session
      .stderr()
      .split('\n')
      .filter((line) => line.includes('keeping the last good policy'));
    expect(logged).toHaveLength(1);
    expect((await check()).verdict).toBe('block');
  });
});
