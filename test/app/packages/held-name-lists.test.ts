/**
 * Every in-process entry that loads name lists closes them: the use cases called without the
 * process's lists (one call's own, closed when it ends), the composition root's `close()` (the
 * MCP server's and every CLI command's services), and a registry gate with lists of its own (at
 * its close). A name list is read on demand from an open checkpoint file, so each of these leaks
 * three or four descriptors a call when it does not close them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistryGate } from '../../../src/app/gate/registry-gate.js';
import { guardFileEdit } from '../../../src/app/installs/guard-file-edit.js';
import { guardShellCommand } from '../../../src/app/installs/guard-shell-command.js';
import { vetWrappedCommand } from '../../../src/app/installs/vet-wrapped-command.js';
import { checkPackages } from '../../../src/app/packages/check-packages.js';
import { closeNameLists, withNameLists } from '../../../src/app/packages/held-name-lists.js';
import { judgePackageNames } from '../../../src/app/packages/judge-package-names.js';
import { openNameLists } from '../../../src/app/packages/name-lists.js';
import { explainPolicy } from '../../../src/app/policy/explain-policy.js';
import { createServices } from '../../../src/app/services.js';
import { mergePolicyLayers } from '../../../src/engines/policy/index.js';
import { mcpToolDeps } from '../../../src/mcp/mcp-services.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';
import { CAN_COUNT_OPEN_FILES, openFileCount, openFilesGrowth } from '../../fixtures/open-files.js';
import { startPackageUpstream, type PackageUpstream } from '../../fixtures/package-upstream.js';

let home: GuardHome;
let cwd: string;
let upstream: PackageUpstream;

beforeAll(async () => {
  home = await makeGuardHome({ overlays: { acme: { ecosystem: 'pypi', names: ['acme-core'] } } });
  cwd = home.project('repo');
  home.write('repo/requirements.txt', 'flask\n');
  upstream = await startPackageUpstream([], [{ name: 'left-pad', version: '1.3.0', ageHours: 9000 }]);
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  home?.cleanup();
});

const stderr = { write: () => true };
const policy = mergePolicyLayers([]);

describe.skipIf(!CAN_COUNT_OPEN_FILES)('use cases called without the process lists close their own', () => {
  it.each([
    ['checkPackages', () => checkPackages({ ecosystem: 'pypi', packages: ['reqeusts', 'acme-core'] }, { env: home.env })],
    ['judgePackageNames', () => judgePackageNames({ ecosystem: 'npm', packages: ['expresss'] }, { cwd, env: home.env, policy })],
    ['explainPolicy', () => explainPolicy('pypi', 'reqeusts', [], { cwd, env: home.env, stderr: process.stderr })],
    ['guardShellCommand', () => guardShellCommand('pip install reqeusts && npm i left-pad && conda install numpy', { cwd, env: home.env })],
    ['guardFileEdit', () => guardFileEdit({ path: `${cwd}/requirements.txt`, after: 'flask\nreqeusts\n' }, { cwd, env: home.env })],
    ['vetWrappedCommand (the wrapper)', () => vetWrappedCommand('pip', ['install', 'requests', 'reqeusts'], { cwd, env: home.env })],
  ])('%s: 20 calls', async (_name, call) => {
    expect(await openFilesGrowth(call)).toBeLessThanOrEqual(2);
  });

  it('withNameLists closes the lists it opened, and leaves the caller its own', async () => {
    const before = openFileCount();
    await withNameLists({ env: home.env }, async (held) => {
      openNameLists('pypi', held);
      openNameLists('npm', held);
      expect(openFileCount()).toBeGreaterThan(before);
    });
    expect(openFileCount()).toBe(before);
    const mine = new Map();
    await withNameLists({ env: home.env, nameLists: mine }, async (held) => void openNameLists('pypi', held));
    expect(mine.size).toBe(1);
    expect(openFileCount()).toBeGreaterThan(before);
    closeNameLists(mine);
    expect(mine.size).toBe(0);
    expect(openFileCount()).toBe(before);
  });
});

describe.skipIf(!CAN_COUNT_OPEN_FILES)('long-lived holders close their lists', () => {
  it('the MCP tools keep one set of lists for the server, and its close() releases them', async () => {
    const growth = await openFilesGrowth(async () => {
      const services = createServices({ env: home.env, cwd, stderr });
      const tools = mcpToolDeps(services, '0.0.0');
      const before = openFileCount();
      for (const packages of [['reqeusts'], ['requests', 'acme-core'], ['flask']])
        await tools.checkPackages({ ecosystem: 'pypi', packages });
      await tools.checkPackages({ ecosystem: 'npm', packages: ['left-pad'] });
      // Loaded once for the server's life, not once per tool call.
      const held = openFileCount() - before;
      await tools.checkPackages({ ecosystem: 'pypi', packages: ['numpy'] });
      expect(openFileCount() - before).toBe(held);
      await services.close();
    }, 5);
    expect(growth).toBeLessThanOrEqual(2);
  });

  it('a registry gate with lists of its own closes them when it closes', async () => {
    const growth = await openFilesGrowth(async () => {
      const gate = await startRegistryGate(
        { port: 0, upstreams: { npm: upstream.npm }, noCache: true },
        { cwd, env: home.env, log: () => undefined, policy },
      );
      try {
        const answer = await fetch(`${gate.npmRegistry}left-pad`);
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
      } finally {
        await gate.close();
      }
    }, 5);
    expect(growth).toBeLessThanOrEqual(2);
  });
});
