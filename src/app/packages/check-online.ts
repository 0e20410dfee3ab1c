/**
 * Use case: `guard check --online` — the offline name check, then the upstream index asked (short
 * timeout, through the gate's metadata cache) about what the snapshot cannot know: names missing
 * from it (newer than the snapshot: allowed and remembered when old enough), and for npm security
 * holding packages and deprecations. An unreachable upstream leaves the offline verdict, noted.
 */
import { policyInForce } from '../../config/policy-in-force.js';
import { type Ecosystem, type NameCheck } from '../../engines/package-names/index.js';
import { type Policy } from '../../engines/policy/index.js';
import {
  fetchUpstreamMetadata,
  minReleaseAgeMs,
  npmPackumentPath,
  parseSimpleProject,
  vetPackument,
  vetPypiProject,
  type GateEcosystem,
  type GateJudgement,
  type Packument,
  type UpstreamFacts,
} from '../../engines/registry-gate/index.js';
import { GuardError } from '../../shared/errors.js';
import { type Env } from '../../shared/paths.js';
import { worstVerdict, type Verdict } from '../../shared/verdict.js';
import { checkPackages, type CheckReport } from './check-packages.js';
import { judgeGateProject } from '../gate/judge-gate-project.js';
import { DEFAULT_UPSTREAMS } from '../gate/registry-gate.js';

const ONLINE_CODES = new Set(['not_found_upstream', 'new_name_too_young', 'release_age_unknown', 'security_placeholder', 'deprecated']);

export interface OnlineFinding {
  input: string;
  verdict: Verdict;
  /** A gate reason code (`not_found_upstream`, `new_name_too_young`, `security_placeholder`, `deprecated` …) or `upstream_failed`. */
  code: string;
  message: string;
}

export interface OnlineCheckReport extends CheckReport {
  online: OnlineFinding[];
}

export interface OnlineDeps {
  cwd: string;
  env: Env;
  policy?: Policy;
  upstreams?: Partial<Record<GateEcosystem, string>>;
  timeoutMs?: number;
  now?: () => Date;
}

/** Checks specs offline, then asks the upstream about the names the snapshot cannot vouch for. Never throws for an unreachable upstream. */
export async function checkPackagesOnline(
  request: { ecosystem: Ecosystem; packages: string[] },
  deps: OnlineDeps,
): Promise<OnlineCheckReport> {
  const first = await checkPackages(request, { env: deps.env });
  if (request.ecosystem === 'conda') return { ...first, online: [] };
  const ecosystem = request.ecosystem;
  const policy = deps.policy ?? (await policyInForce({ cwd: deps.cwd, env: deps.env })).policy;
  const now = deps.now ?? (() => new Date());
  const upstream = (deps.upstreams?.[ecosystem] ?? policy.online[ecosystem] ?? DEFAULT_UPSTREAMS[ecosystem]).replace(/\/+$/, '');
  const online: OnlineFinding[] = [];
  const deprecations = new Map<string, { message: string; replacement?: string }>();
  for (const result of first.results) {
    const missing = !result.exists && result.reasons.some((r) => r.code === 'not_found');
    if (!missing && !(ecosystem === 'npm' && result.exists)) continue;
    let judgement: GateJudgement;
    try {
      const facts = await upstreamFacts(ecosystem, result.name, upstream, policy, now(), deps.timeoutMs ?? policy.online.timeout_ms);
      if (facts.deprecated) deprecations.set(result.input, facts.deprecated);
      judgement = await judgeGateProject(ecosystem, result.name, facts, { policy, env: deps.env, now, upstream: () => upstream });
    } catch (error) {
      const message = error instanceof GuardError ? error.message : String(error);
      online.push({
        input: result.input,
        verdict: result.verdict,
        code: 'upstream_failed',
        message: `could not ask ${upstream}: ${message}; the offline verdict stands`,
      });
      continue;
    }
    // Only what the upstream alone knows; the policy is the install guard's and the gate's business.
    if (!judgement.fresh && !ONLINE_CODES.has(judgement.code ?? '')) continue;
    online.push({
      input: result.input,
      verdict: judgement.verdict,
      code: judgement.code ?? (judgement.fresh ? 'fresh' : 'online'),
      message: judgement.message,
    });
  }
  // Names just added to the delta list now pass the offline check; the others keep the online verdict.
  const again = online.some((f) => f.code === 'fresh') ? await checkPackages(request, { env: deps.env }) : first;
  const results = again.results.map((result) => {
    const finding = online.find((f) => f.input === result.input && f.code !== 'upstream_failed' && f.code !== 'fresh');
    const deprecated = deprecations.get(result.input);
    if (deprecated && result.exists) return deprecatedResult(result, deprecated);
    return finding ? { ...result, verdict: worstVerdict([finding.verdict, result.exists ? 'allow' : result.verdict]) } : result;
  });
  return { verdict: worstVerdict(results.map((r) => r.verdict)), results, online };
}

/**
 * A package its maintainers deprecated: said so (naming the replacement when the notice does), a warning,
 * and not taken for a typo of a popular name; its other reasons (a stdlib or core-module name …) stay.
 */
function deprecatedResult(result: NameCheck, deprecated: { message: string; replacement?: string }): NameCheck {
  const { replacement } = deprecated;
  const message = `npm package "${result.name}" is deprecated${replacement ? `; use "${replacement}" instead` : ''}: ${deprecated.message}`;
  const reasons = [...result.reasons.filter((r) => r.code !== 'suspected_typosquat'), { code: 'deprecated' as const, message }];
  const typo = result.reasons.some((r) => r.code === 'suspected_typosquat');
  const others = result.reasons.some((r) => r.code !== 'suspected_typosquat');
  const suggestions = replacement ? [{ name: replacement, distance: 0 }] : typo && !others ? [] : result.suggestions;
  return { ...result, verdict: worstVerdict(['warn', others ? result.verdict : 'allow']), reasons, suggestions };
}

async function upstreamFacts(
  ecosystem: GateEcosystem,
  name: string,
  upstream: string,
  policy: Policy,
  now: Date,
  timeoutMs: number,
): Promise<UpstreamFacts> {
  const url = ecosystem === 'npm' ? `${upstream}${npmPackumentPath(name)}` : `${upstream}/${encodeURIComponent(name)}/`;
  const accept = ecosystem === 'npm' ? 'application/json' : 'application/vnd.pypi.simple.v1+json, text/html;q=0.1';
  const answer = await fetchUpstreamMetadata(url, { headers: { accept }, timeoutMs, maxBytes: 64 * 1024 * 1024 });
  if (answer.status === 404) return { exists: false, timesKnown: false };
  if (answer.status !== 200) throw new GuardError('UPSTREAM_FAILED', `${url} answered HTTP ${answer.status}`);
  const minAge = minReleaseAgeMs(policy.min_release_age, ecosystem, name, now);
  if (ecosystem === 'npm') return vetPackument(JSON.parse(answer.body.toString('utf8')) as Packument, minAge, now, (u) => u).facts;
  return vetPypiProject(parseSimpleProject(answer.body.toString('utf8'), answer.headers['content-type'], answer.url, name), minAge, now)
    .facts;
}
