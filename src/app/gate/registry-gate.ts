/**
 * Use case: run a registry gate for the policy in force — the loopback server of the registry-gate
 * engine wired to the name check, the policy, the delta list and the metadata cache.
 */
import { join } from 'node:path';
import { policyInForce } from '../../config/policy-in-force.js';
import { type DeltaListCache, type NameIndex } from '../../engines/package-names/index.js';
import { type Policy } from '../../engines/policy/index.js';
import { minReleaseAgeMs, startGateServer, type GateEcosystem, type RunningGate } from '../../engines/registry-gate/index.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import { type ProgressStream } from '../../shared/progress.js';
import { closeNameLists } from '../packages/held-name-lists.js';
import { type SecurityHolderSource } from '../packages/security-holder-source.js';
import { type PolicySource } from '../policy/policy-source.js';
import type { Services } from '../services.js';
import { judgeGateProject } from './judge-gate-project.js';

export const DEFAULT_UPSTREAMS = { pypi: 'https://pypi.org/simple', npm: 'https://registry.npmjs.org' } as const;
export const DEFAULT_GATE_PORT = 8766;

export interface RegistryGateRequest {
  port: number;
  upstreams?: Partial<Record<GateEcosystem, string>>;
  /** Seconds upstream metadata is reused without asking (default 300). */
  freshSeconds?: number;
  /** Keep no metadata on disk (the benchmark measures forwarding). */
  noCache?: boolean;
  /** Copy allowed files through the gate instead of redirecting clients to the upstream (the gate is the only way out). */
  streamFiles?: boolean;
}

export interface RegistryGateDeps {
  cwd: string;
  env: Env;
  /** Refusals, warnings and upstream failures, one line each. */
  log: (line: string) => void;
  stderr?: ProgressStream;
  /** A fixed policy; without it (and without `policySource`), the policy files as they are at start. */
  policy?: Policy;
  /**
   * Where the policy in force comes from; a watched source (`guard mcp`) is followed as it
   * reloads, so the gate judges by the same policy as the MCP tools at every moment.
   */
  policySource?: PolicySource;
  now?: () => Date;
  timeoutMs?: number;
  /** Name lists kept for the gate's lifetime (default: the gate's own). */
  nameLists?: Map<string, NameIndex[]>;
  /** The delta lists as read (the process's, app/services.ts); without it each judgement reads the file. */
  deltaLists?: DeltaListCache;
  /** The shipped npm security holding list as held (the process's); without it each npm judgement reads it. */
  securityHolders?: SecurityHolderSource;
}

/** A gate's deps from the process's services: its environment, stderr for the log, and the name and delta lists it keeps. */
export function registryGateDeps(services: Services): RegistryGateDeps {
  const { cwd, env, stderr } = services;
  return {
    cwd,
    env,
    stderr,
    log: (line) => void stderr.write(`${line}\n`),
    nameLists: services.nameLists,
    deltaLists: services.deltaLists,
    securityHolders: services.securityHolders,
  };
}

/** Starts a gate on loopback. Throws CONFIG_INVALID (policy) or IO_FAILED (port taken). */
export async function startRegistryGate(request: RegistryGateRequest, deps: RegistryGateDeps): Promise<RunningGate> {
  const live = deps.policySource?.latest?.bind(deps.policySource);
  const fixed = live ? undefined : await fixedPolicy(deps);
  const policyNow = (): Policy => (live ? live().policy : fixed!);
  const upstreams = { pypi: request.upstreams?.pypi ?? DEFAULT_UPSTREAMS.pypi, npm: request.upstreams?.npm ?? DEFAULT_UPSTREAMS.npm };
  const now = deps.now ?? (() => new Date());
  const cacheDir = resolveCacheDir(deps.env);
  const own = deps.nameLists === undefined ? new Map<string, NameIndex[]>() : undefined;
  const nameLists = deps.nameLists ?? own!;
  const gate = await startGateServer({
    port: request.port,
    upstreams,
    now,
    ...(request.freshSeconds !== undefined ? { freshSeconds: request.freshSeconds } : {}),
    ...(request.noCache ? {} : { cacheDir: join(cacheDir, 'gate', 'metadata') }),
    ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
    log: deps.log,
    ...(request.streamFiles ? { streamFiles: true } : {}),
    ...(live ? { policyGeneration: () => live().generation } : {}),
    minReleaseAgeMs: (ecosystem, name) => minReleaseAgeMs(policyNow().min_release_age, ecosystem, name, now()),
    judge: (ecosystem, name, facts) =>
      judgeGateProject(ecosystem, name, facts, {
        policy: policyNow(),
        env: deps.env,
        ...(deps.stderr ? { stderr: deps.stderr } : {}),
        now,
        nameLists,
        ...(deps.deltaLists ? { deltaLists: deps.deltaLists } : {}),
        ...(deps.securityHolders ? { securityHolders: deps.securityHolders } : {}),
        upstream: (eco) => upstreams[eco],
      }),
  });
  if (own === undefined) return gate;
  // The gate's own lists live as long as it does.
  return {
    ...gate,
    async close() {
      try {
        await gate.close();
      } finally {
        closeNameLists(own);
      }
    },
  };
}

async function fixedPolicy(deps: RegistryGateDeps): Promise<Policy> {
  if (deps.policy) return deps.policy;
  if (deps.policySource) return deps.policySource.current();
  return (await policyInForce({ cwd: deps.cwd, env: deps.env })).policy;
}
