import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBuiltCli, type StdioSession } from '../fixtures/mcp-stdio-client.js';
import { seedNameCheckpoints } from '../fixtures/name-checkpoints.js';

describe('guard mcp over stdio (built CLI)', () => {
  let home: string;
  let session: StdioSession;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'guard-mcp-e2e-'));
    seedNameCheckpoints(home);
    session = await connectBuiltCli({ GUARD_HOME: home });
  });

  afterAll(async () => {
    await session?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('reports itself as groundguard with the package version', async () => {
    expect(session.client.getServerVersion()?.name).toBe('groundguard');
    expect(session.client.getServerVersion()?.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('allows requests and blocks reqeusts with requests as the suggestion', async () => {
    const result = await session.call('check_package', { ecosystem: 'pypi', packages: ['requests', 'reqeusts'] });
    expect(result.isError, `tool error: ${JSON.stringify(result.content)}\nstderr: ${session.stderr()}`).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      verdict: 'block',
      results: [
        { input: 'requests', verdict: 'allow', exists: true },
        { input: 'reqeusts', verdict: 'block', exists: false },
      ],
    });
    const blocked = (result.structuredContent as { results: Array<{ suggestions: Array<{ name: string }> }> }).results[1];
    expect(blocked?.suggestions.map((s) => s.name)).toContain('requests');
  });
});
