/**
 * The install guard's online step, when the policy allows it (`online: { hooks: true }`): names a
 * request installs that are missing from the shipped snapshot are looked up on the upstream index
 * like `guard check --online` (a short timeout per request, at most a few names per request). A
 * name the upstream has and that is older than the minimum release age is written to the delta
 * list and passes; other answers are remembered for an hour so the next hook call stays offline.
 * An unreachable upstream leaves the offline verdict. Loaded only when needed (the hook starts fast).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type InstallTarget } from '../../engines/install-commands/index.js';
import { type NameCheck } from '../../engines/package-names/index.js';
import { type Policy } from '../../engines/policy/index.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import { writeFileAtomic } from '../../shared/write-file-atomic.js';
import { checkPackagesOnline } from './check-online.js';

const ANSWER_MS = 3_600_000;
const MAX_NAMES = 8;

type Answers = Record<string, { at: number; code: string }>;

/** True when a target's offline check says only that the name is missing from the snapshot. */
export function missingFromSnapshot(target: InstallTarget, check: NameCheck | undefined): boolean {
  return (
    target.kind === 'registry' &&
    (target.ecosystem === 'pypi' || target.ecosystem === 'npm') &&
    check !== undefined &&
    !check.exists &&
    check.reasons.some((r) => r.code === 'not_found')
  );
}

/** The checks with names confirmed upstream replaced by their new (passing) check. Never throws for the network or the cache. */
export async function confirmMissingNames(
  targets: readonly InstallTarget[],
  checks: ReadonlyArray<NameCheck | undefined>,
  policy: Policy,
  deps: { cwd: string; env: Env; now?: Date },
): Promise<Array<NameCheck | undefined>> {
  const out = [...checks];
  const now = deps.now ?? new Date();
  const file = join(resolveCacheDir(deps.env), 'gate', 'online-answers.json');
  const answers = readAnswers(file, now.getTime());
  const asked = targets
    .map((target, i) => ({ target, i }))
    .filter(({ target, i }) => missingFromSnapshot(target, checks[i]) && answers[key(target)] === undefined)
    .slice(0, MAX_NAMES);
  if (asked.length === 0) return out;
  for (const ecosystem of ['pypi', 'npm'] as const) {
    const group = asked.filter(({ target }) => target.ecosystem === ecosystem);
    if (group.length === 0) continue;
    const upstream = policy.online[ecosystem];
    const report = await checkPackagesOnline(
      { ecosystem, packages: group.map(({ target }) => target.spec ?? target.name!) },
      {
        cwd: deps.cwd,
        env: deps.env,
        policy,
        timeoutMs: policy.online.timeout_ms,
        now: () => now,
        ...(upstream ? { upstreams: { [ecosystem]: upstream } } : {}),
      },
    ).catch(() => undefined);
    if (!report) continue;
    group.forEach(({ target, i }, k) => {
      const finding = report.online.find((f) => f.input === report.results[k]?.input);
      if (finding?.code === 'fresh') out[i] = report.results[k];
      else if (finding && finding.code !== 'upstream_failed') answers[key(target)] = { at: now.getTime(), code: finding.code };
    });
  }
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileAtomic(file, JSON.stringify(answers));
  } catch {
    // An unwritable cache only costs the next lookup.
  }
  return out;
}

function key(target: InstallTarget): string {
  return `${target.ecosystem}:${(target.name ?? '').toLowerCase()}`;
}

function readAnswers(file: string, now: number): Answers {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed as Answers).filter(([, v]) => typeof v?.at === 'number' && now - v.at < ANSWER_MS));
  } catch {
    return {};
  }
}
