/**
 * The verdict the agent-facing use cases (a shell command, a dependency-file edit) return: one
 * verdict, short reasons an agent can act on, the nearest real names per refused package, and the
 * full human report. Built from the install verdicts and unverifiable parts they found.
 */
import { type Ecosystem } from '../../engines/package-names/index.js';
import { type PolicyDecision } from '../../engines/policy/index.js';
import { worstVerdict, type Verdict } from '../../shared/verdict.js';
import { describeTarget } from './install-report.js';
import { type InstallVerdict } from './vet-install.js';

export interface PackageSuggestion {
  ecosystem: Ecosystem;
  /** The package as requested. */
  package: string;
  /** Nearest real names, best first. */
  names: string[];
}

export interface GuardVerdict {
  verdict: Verdict;
  /** One line per problem (refused package, bad index, unverifiable part), most severe first. */
  reasons: string[];
  suggestions: PackageSuggestion[];
  /** The human report (what, why, snapshot dates, nearest names). */
  report: string;
  /** What an allowed install was let through on that the agent should know (a git source on a public forge, a conda name off the shipped list on a trusted channel): context, not doubts. */
  notes?: string[];
}

/**
 * Reasons an allowed install keeps that the agent and user should be told: a git source on a public forge, a
 * conda name missing from the shipped list that a channel the policy trusts may hold, and an unlisted HTTPS
 * index or conda channel beside packages that are all on the list (warnings, not doubts).
 */
const NOTE_CODES: ReadonlySet<string> = new Set(['forge_source', 'not_in_channel_list', 'unlisted_index', 'unlisted_channel']);

/** A part the guard could not verify, with the policy's decision on it. */
export interface UnverifiedPart {
  text: string;
  message: string;
  decision: PolicyDecision;
}

/** Combines install verdicts (each with a label: the command or file it came from) and unverifiable parts. */
export function combineVerdicts(
  installs: ReadonlyArray<{ label: string; verdict: InstallVerdict }>,
  unverified: readonly UnverifiedPart[],
): GuardVerdict {
  const ranked: Array<{ verdict: Verdict; text: string }> = [];
  const suggestions: PackageSuggestion[] = [];
  const report: string[] = [];
  const notes: string[] = [];
  for (const { label, verdict } of installs) {
    if (verdict.verdict !== 'allow') report.push(`${label}\n${verdict.report}`);
    const targetReasons = new Set(verdict.targets.flatMap((t) => t.decision.reasons));
    for (const { target, check, decision } of verdict.targets) {
      if (decision.verdict === 'allow') {
        notes.push(...decision.reasons.filter((r) => NOTE_CODES.has(r.code)).map((r) => r.message));
        continue;
      }
      const names = (check?.suggestions ?? []).map((s) => s.name);
      const messages = [...new Set(decision.reasons.map((r) => r.message))].join('; ');
      const hint =
        names.length > 0
          ? ` Did you mean ${names
              .slice(0, 3)
              .map((n) => `"${n}"`)
              .join(', ')}?`
          : '';
      ranked.push({ verdict: decision.verdict, text: `${describeTarget(target)}: ${messages || decision.rule}.${hint}` });
      if (names.length > 0) suggestions.push({ ecosystem: target.ecosystem, package: target.name ?? target.raw, names });
    }
    for (const reason of verdict.decision.reasons) {
      if (targetReasons.has(reason)) continue;
      if (NOTE_CODES.has(reason.code)) notes.push(reason.message);
      else ranked.push({ verdict: verdict.verdict, text: reason.message });
    }
  }
  for (const part of unverified) {
    if (part.decision.verdict === 'allow') continue;
    ranked.push({ verdict: part.decision.verdict, text: part.message });
    report.push(`guard: ${part.decision.verdict === 'block' ? 'blocked' : 'warning'}: ${part.message} (on_unverifiable)\n`);
  }
  const order: Record<Verdict, number> = { block: 0, warn: 1, allow: 2 };
  ranked.sort((a, b) => order[a.verdict] - order[b.verdict]);
  const verdict = worstVerdict([...installs.map((i) => i.verdict.verdict), ...unverified.map((u) => u.decision.verdict)]);
  const result: GuardVerdict = { verdict, reasons: [...new Set(ranked.map((r) => r.text))], suggestions, report: report.join('') };
  if (verdict === 'allow' && notes.length > 0) result.notes = [...new Set(notes)];
  return result;
}
