/**
 * The human report on a vetted install: the verdict first, then each refused or questioned package
 * with why, where it was found and the nearest real names, then request-level problems (index
 * URLs, what could not be read) and the snapshot each name list was built from.
 */
import { type InstallRequest, type InstallTarget } from '../../engines/install-commands/index.js';
import { type Suggestion } from '../../engines/package-names/index.js';
import { type Policy, type PolicyReason } from '../../engines/policy/index.js';
import { type Verdict } from '../../shared/verdict.js';
import { type InstallVerdict, type TargetVerdict } from './vet-install.js';

const MARK: Record<Verdict, string> = { allow: '✓', warn: '!', block: '✗' };
const HEADLINE: Record<Verdict, string> = { allow: 'allowed', warn: 'warning', block: 'blocked' };

/** Renders the report; plain text, no colour, lines indented under a `guard: …` headline. */
export function renderInstallReport(request: InstallRequest, verdict: InstallVerdict, policy: Policy): string {
  if (!request.installs) return `guard: allowed: this ${request.manager} command installs nothing\n`;
  const lines: string[] = [];
  const questioned = verdict.targets.filter((t) => t.decision.verdict !== 'allow');
  const allowed = verdict.targets.filter((t) => t.decision.verdict === 'allow');
  const targetReasons = new Set(verdict.targets.flatMap((t) => t.decision.reasons));
  const requestReasons = verdict.decision.reasons.filter((reason) => !targetReasons.has(reason));
  const problems = questioned.length + requestReasons.length;
  const count = verdict.verdict === 'allow' ? plural(verdict.targets.length, 'package') : plural(problems, 'problem');
  lines.push(`guard: ${HEADLINE[verdict.verdict]}: ${request.manager} install (${count})`);
  for (const item of questioned) lines.push(...renderTarget(item));
  for (const reason of requestReasons) lines.push(`  ${MARK[requestReasonVerdict(reason, policy)]} ${reason.message}`);
  if (allowed.length > 0 && verdict.verdict !== 'allow') {
    const names = allowed.map((t) => describeTarget(t.target));
    lines.push(`  ${MARK.allow} allowed: ${names.slice(0, 8).join(', ')}${names.length > 8 ? `, and ${names.length - 8} more` : ''}`);
  }
  if (verdict.decision.downgraded) lines.push('  (policy mode: warn turned blocks into warnings)');
  const snapshots = new Map<string, string>();
  for (const { check } of verdict.targets) {
    if (check && check.snapshot.source !== 'none')
      snapshots.set(check.ecosystem, `${check.snapshot.source}, snapshot ${check.snapshot.date}`);
  }
  for (const [ecosystem, snapshot] of snapshots) lines.push(`  name list ${ecosystem}: ${snapshot}`);
  return `${lines.join('\n')}\n`;
}

function renderTarget({ target, check, decision }: TargetVerdict): string[] {
  const where = target.origin === 'argv' ? '' : ` (${target.origin})`;
  const lines = [`  ${MARK[decision.verdict]} ${target.ecosystem} ${describeTarget(target)}${where}`];
  const messages = [...new Set(decision.reasons.map((reason) => reason.message))];
  for (const message of messages) lines.push(`      ${message}`);
  const suggestions = check?.suggestions ?? [];
  if (suggestions.length > 0) lines.push(`      did you mean: ${suggestions.map(describeSuggestion).join(', ')}`);
  return lines;
}

/** How a target is named in reports: its spec or name for registry packages, else its location. */
export function describeTarget(target: InstallTarget): string {
  if (target.kind === 'registry') return `"${target.spec ?? target.name ?? target.raw}"`;
  return `${target.kind} ${target.location ?? target.raw}`;
}

/** A suggestion with its usage, when the snapshot knows it: `requests (#4 by downloads)`. */
export function describeSuggestion(suggestion: Suggestion): string {
  const usage =
    suggestion.rank !== undefined
      ? `#${suggestion.rank} by downloads`
      : suggestion.downloads !== undefined
        ? `${compact(suggestion.downloads)} downloads/month`
        : undefined;
  return usage ? `${suggestion.name} (${usage})` : suggestion.name;
}

function requestReasonVerdict(reason: PolicyReason, policy: Policy): Verdict {
  // A note (an unlisted HTTPS index or conda channel beside packages all on the list) is shown as a warning line, the install still allowed.
  if (reason.code === 'unlisted_index' || reason.code === 'unlisted_channel') return 'warn';
  const action: Verdict =
    reason.code === 'registry_not_allowed'
      ? policy.registries.unlisted
      : policy.on_unverifiable === 'deny'
        ? 'block'
        : policy.on_unverifiable;
  return action === 'block' && policy.mode === 'warn' ? 'warn' : action;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function compact(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}B`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)}k`;
  return String(n);
}
