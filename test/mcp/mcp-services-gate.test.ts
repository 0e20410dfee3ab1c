/**
 * `guard mcp --gate-port`: the registry gate judges by the same hot-reloaded policy as the MCP
 * `check_package` tool. A loopback upstream serves real packuments and tarballs; the test edits
 * the project's policy file while the services run and sees both the tool's and the gate's
 * answers change (a deny added, the minimum release age raised), then change back.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../src/app/services.js';
import { mcpToolDeps, startMcpServices } from '../../src/mcp/mcp-services.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';
import { startPackageUpstream, type PackageUpstream } from '../fixtures/package-upstream.js';

const OPEN = 'version: 1\n';
const STRICT = `version: 1
packages:
  deny:
    - { ecosystem: npm, name: plain-pkg, reason: pulled by the security team }
min_release_age:
  hours: 200
`;

let home: GuardHome;
let upstream: PackageUpstream;
let services: Services;
let client: Client;
let gate = '';
let policyFile = '';
const log: string[] = [];

beforeAll(async () => {
  home = await makeGuardHome({ lists: { npm: ['plain-pkg', 'aged-pkg'] } });
  const cwd = home.project('repo', OPEN);
  policyFile = join(cwd, '.guard', 'policy.yaml');
  upstream = await startPackageUpstream(
    [],
    [
      { name: 'plain-pkg', version: '1.0.0', ageHours: 900 },
      { name: 'aged-pkg', version: '1.0.0', ageHours: 900 },
      { name: 'aged-pkg', version: '1.1.0', ageHours: 100 },
    ],
  );
  const stderr = { write: (chunk: string): boolean => (log.push(...chunk.split('\n').filter(Boolean)), true) };
  services = createServices({ env: home.env, cwd, stderr });
  await startMcpServices(services, { gatePort: 0, gateUpstreams: { npm: upstream.npm, pypi: upstream.pypi } });
  gate = /registry gate at (http:\/\/127\.0\.0\.1:\d+)/.exec(log.join('\n'))?.[1] ?? '';
  const server = createMcpServer(mcpToolDeps(services, '0.0.0'));
  client = new Client({ name: 'test-client', version: '0.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await services?.close();
  await upstream?.close();
  home?.cleanup();
});

async function toolVerdict(name: string): Promise<unknown> {
  const result = (await client.callTool({ name: 'check_package', arguments: { ecosystem: 'npm', packages: [name] } })) as CallToolResult;
  return (result.structuredContent as { verdict?: unknown } | undefined)?.verdict;
}

async function gateGet(path: string): Promise<{ status: number; body: string; location: string | null }> {
  const response = await fetch(`${gate}${path}`, { redirect: 'manual', headers: { accept: 'application/json' } });
  return { status: response.status, body: await response.text(), location: response.headers.get('location') };
}

async function latest(name: string): Promise<unknown> {
  const answer = await gateGet(`/npm/${name}`);
  return (JSON.parse(answer.body) as { 'dist-tags'?: { latest?: unknown } })['dist-tags']?.latest;
}

/** Writes the policy file and waits until the server has reloaded it (the log says so). */
async function editPolicy(text: string): Promise<void> {
  const before = log.filter((line) => line.includes('policy reloaded')).length;
  writeFileSync(policyFile, text);
  const deadline = Date.now() + 15_000;
  while (log.filter((line) => line.includes('policy reloaded')).length === before) {
    if (Date.now() > deadline) throw new Error(`the policy was not reloaded: ${log.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('guard mcp --gate-port follows the hot-reloaded policy', () => {
  it('answers as check_package does, before and after the policy file is edited, and back again', async () => {
    expect(gate).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const tarball = '/npm/plain-pkg/-/plain-pkg-1.0.0.tgz';

    // The shipped default: allowed, and aged-pkg 1.1.0 (100 hours old) past the 48-hour minimum.
    expect(await toolVerdict('plain-pkg')).toBe('allow');
    expect((await gateGet('/npm/plain-pkg')).status).toBe(200);
    expect(await gateGet(tarball)).toMatchObject({ status: 307, location: `${upstream.npm}/plain-pkg/-/plain-pkg-1.0.0.tgz` });
    expect(await latest('aged-pkg')).toBe('1.1.0');
    expect((await gateGet('/npm/aged-pkg/-/aged-pkg-1.1.0.tgz')).status).toBe(307);

    // Denied, and a minimum age of 200 hours: 1.1.0 is held back, the dist-tag moved to 1.0.0.
    await editPolicy(STRICT);
    expect(await toolVerdict('plain-pkg')).toBe('block');
    const refused = await gateGet('/npm/plain-pkg');
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('pulled by the security team');
    // A tarball the gate allowed a moment ago (its project still in the gate's memory) is refused too.
    expect((await gateGet(tarball)).status).toBe(403);
    expect(await latest('aged-pkg')).toBe('1.0.0');
    const held = await gateGet('/npm/aged-pkg/-/aged-pkg-1.1.0.tgz');
    expect(held.status).toBe(403);
    expect(held.body).toContain('minimum release age of 200 h');

    await editPolicy(OPEN);
    expect(await toolVerdict('plain-pkg')).toBe('allow');
    expect((await gateGet(tarball)).status).toBe(307);
    expect(await latest('aged-pkg')).toBe('1.1.0');
  }, 60_000);
});
