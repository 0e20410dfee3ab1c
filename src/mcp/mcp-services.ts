/**
 * The MCP server's composition: the process's services (app/services.ts) with the policy watched
 * and, when asked, a registry gate for the server's lifetime; and the use cases the tools call,
 * each given those services (open index handles, watchers, models, name lists stay loaded between
 * calls). The use case modules load on the first tool call, so the server answers `initialize` at once.
 */
import type { Services } from '../app/services.js';
import type { RegistryGateRequest } from '../app/gate/registry-gate.js';
import { watchLivePolicy } from './live-policy.js';
import type { McpDeps } from './server.js';

export interface McpServiceOptions {
  /** Also serve a registry gate on this loopback port. */
  gatePort?: number;
  /** The gate copies allowed files through itself instead of redirecting to the upstream. */
  streamFiles?: boolean;
  /** The gate's upstream indexes (default: the public PyPI and npm registries). */
  gateUpstreams?: RegistryGateRequest['upstreams'];
}

/** Sets `services` up for serving: watches the policy and starts the gate, both closed with `services.close()`. */
export async function startMcpServices(services: Services, options: McpServiceOptions = {}): Promise<void> {
  const { cwd, env, stderr } = services;
  const log = (line: string): void => void stderr.write(`${line}\n`);
  services.policy = await watchLivePolicy({ cwd, env }, log);
  if (options.gatePort !== undefined) {
    const { registryGateDeps, startRegistryGate } = await import('../app/gate/registry-gate.js');
    // The watched policy, as the tools see it: an edit to the policy file changes the gate's answers too.
    const gate = await startRegistryGate(
      {
        port: options.gatePort,
        ...(options.gateUpstreams ? { upstreams: options.gateUpstreams } : {}),
        ...(options.streamFiles ? { streamFiles: true } : {}),
      },
      { ...registryGateDeps(services), policySource: services.policy },
    );
    services.onClose(() => gate.close());
    log(
      `guard mcp: registry gate at ${gate.url} (PyPI ${gate.pypiIndex}, npm ${gate.npmRegistry}); files ${options.streamFiles ? 'streamed through the gate' : 'redirected to the upstream'}`,
    );
  }
}

/** The tools' use cases over `services`. */
export function mcpToolDeps(services: Services, version: string): McpDeps {
  const { env, cwd, stderr } = services;
  return {
    version,
    // The whole policy applies, as last reloaded: the same judgement as `guard check` and the registry gate.
    checkPackages: async (request) => {
      const { judgePackageNames } = await import('../app/packages/judge-package-names.js');
      return judgePackageNames(request, {
        cwd,
        env,
        policy: await services.policy.current(),
        nameLists: services.nameLists,
        deltaLists: services.deltaLists,
        securityHolders: services.securityHolders,
      });
    },
    // SQLite opens on the first call; the indexed local sources are watched from then on.
    lookupApiDocs: async (request) => {
      const { lookupApiDocs } = await import('../app/api-docs/lookup-api-docs.js');
      return lookupApiDocs(request, { env, watch: true, apiDocs: services.apiDocs });
    },
    assessAnswerability: async (request) => {
      const { assessAnswerability } = await import('../app/answerability/assess-answerability.js');
      return assessAnswerability(request, { env, stderr, apiDocs: services.apiDocs, answerability: services.answerability });
    },
    // Repository facts are computed on the first call per root, then kept current by file watching.
    buildRepoContext: async (request) => {
      const { buildRepoContext } = await import('../app/repo-context/build-repo-context.js');
      return buildRepoContext(request, { env, cwd, watch: true, repoFacts: services.repoFacts });
    },
    // The model loads on the first call and stays loaded.
    constrainedComplete: async (request) => {
      const { constrainedComplete } = await import('../app/completion/constrained-complete.js');
      return constrainedComplete(request, {
        env,
        cwd,
        stderr,
        completion: services.completion,
        apiDocs: services.apiDocs,
        nameLists: services.nameLists,
      });
    },
  };
}
