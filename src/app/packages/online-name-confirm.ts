/**
 * The install guard's online step, when the policy allows it (`online: { hooks: true }`): names a
 * request installs that the shipped snapshot cannot vouch for are looked up on the upstream index
 * like `guard check --online` (a short timeout per request, at most a few names per request):
 * names missing from the snapshot, and npm names in the complete name list but outside its usage
 * figures (the long tail, where names unpublished since the list was made stay listed). A missing
 * name the upstream has and that is older than the minimum release age is written to the delta list
 * and passes; a long-tail name the upstream answers 404 for is blocked as unpublished. Answers are
 * remembered (an hour; a day for a name found published) so the next hook call stays offline. An
 * unreachable upstream leaves the offline verdict. Loaded only when needed (the hook starts fast).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type InstallTarget } from '../../engines/install-commands/index.js';
import { type NameCheck } from '../../engines/package-names/index.js';
import { type Policy } from '../../engines/policy/index.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import { writeFileAtomic } from '../../shared/write-file-atomic.js';
import { checkPackagesOnline } from './check-online.js';
import { asGone } from './gone-check.js';
import { DEFAULT_UPSTREAMS } from '../gate/registry-gate.js';

const ANSWER_MS = 3_600_000;
const PUBLISHED_MS = 24 * ANSWER_MS;
const MAX_NAMES = 8;
/** The answer remembered for a long-tail name the upstream has. */
const PUBLISHED = 'published';
const UNPUBLISHED = 'not_found_upstream';

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

/**
 * The checks with names confirmed upstream replaced by their new check: a missing name found
 * (old enough) passes, a long-tail name (`longTail[i]`: npm, in the snapshot, no usage figure) the
 * upstream does not have is blocked with `not_found`. Never throws for the network or the cache.
 */
export async function confirmMissingNames(
  targets: readonly InstallTarget[],
  checks: ReadonlyArray<NameCheck | undefined>,
  policy: Policy,
  deps: { cwd: string; env: Env; now?: Date },
  longTail: readonly boolean[] = [],
): Promise<Array<NameCheck | undefined>> {
  const out = [...checks];
  const now = deps.now ?? new Date();
  const file = join(resolveCacheDir(deps.env), 'gate', 'online-answers.json');
  const answers = readAnswers(file, now.getTime());
  const tail = (i: number): boolean => longTail[i] === true && checks[i]?.exists === true && targets[i]?.ecosystem === 'npm';
  const upstreamOf = (ecosystem: 'pypi' | 'npm'): string => policy.online[ecosystem] ?? DEFAULT_UPSTREAMS[ecosystem];
  targets.forEach((target, i) => {
    if (tail(i) && answers[key(target)]?.code === UNPUBLISHED) out[i] = unpublished(checks[i]!, upstreamOf('npm'));
  });
  const asked = targets
    .map((target, i) => ({ target, i }))
    .filter(({ target, i }) => (missingFromSnapshot(target, checks[i]) || tail(i)) && answers[key(target)] === undefined)
    // Names missing from the snapshot first: they are blocked offline, a long-tail name is not.
    .sort((a, b) => Number(tail(a.i)) - Number(tail(b.i)))
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
      if (finding?.code === 'upstream_failed') return;
      if (tail(i)) {
        const gone = finding?.code === UNPUBLISHED;
        if (gone) out[i] = unpublished(checks[i]!, upstreamOf(ecosystem));
        answers[key(target)] = { at: now.getTime(), code: gone ? UNPUBLISHED : PUBLISHED };
      } else if (finding?.code === 'fresh') out[i] = report.results[k];
      else if (finding) answers[key(target)] = { at: now.getTime(), code: finding.code };
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

/** A name the snapshot lists that the upstream no longer has: unpublished since the list was made. */
function unpublished(check: NameCheck, upstream: string): NameCheck {
  return asGone(
    check,
    `npm package "${check.name}" does not exist on ${upstream} (unpublished; the name list ${check.snapshot.source} of ${check.snapshot.date} still has it)`,
  );
}

function key(target: InstallTarget): string {
  return `${target.ecosystem}:${(target.name ?? '').toLowerCase()}`;
}

function readAnswers(file: string, now: number): Answers {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed as Answers).filter(
        ([, v]) => typeof v?.at === 'number' && now - v.at < (v.code === PUBLISHED ? PUBLISHED_MS : ANSWER_MS),
      ),
    );
  } catch {
    return {};
  }
}
