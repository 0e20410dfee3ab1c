/**
 * Evaluates every prompt proposal at a hole and selects one without training: each applicable
 * proposal is composed within the budget and scored by the Jaccard similarity between the hole
 * window's identifiers and those of the best-matching window of its context (windows as long as
 * the hole window, as RepoCoder ranks snippets); the best score wins (RLPG's order breaks ties), and
 * `default` (the code before the cursor alone) is chosen when nothing applies or nothing overlaps.
 */
import { GuardError } from '../../shared/errors.js';
import { composePrompt, prepareDefaultContext, type ComposedPrompt } from './compose-prompt.js';
import { proposalContext } from './context-items.js';
import { holeWindow } from './hole.js';
import { DEFAULT_PROPOSAL_ID, PROPOSAL_SPECS, findProposal, keepSideOf } from './proposals.js';
import { rankSourceFiles } from './proposal-sources.js';
import { bestWindowJaccard, identifierSequence, identifierSet } from './similarity.js';
import {
  CONTEXT_TYPES,
  PROMPT_SOURCES,
  type CountTokens,
  type EvaluatedProposal,
  type Hole,
  type RepoFacts,
  type ResolvedFile,
} from './types.js';

export interface RepoContextInput {
  repo: RepoFacts;
  /** The current file's facts, parsed from textWithoutHole(hole) so the hole steers nothing. */
  current: ResolvedFile;
  hole: Hole;
  budgetTokens: number;
  countTokens: CountTokens;
  /** Use this proposal instead of selecting one (`default` for the code before the cursor alone). */
  proposal?: string;
}

export interface RepoContextResult {
  /** All 62 proposals, in RLPG's order. */
  proposals: EvaluatedProposal[];
  chosen: string;
  prompt: string;
  composed: ComposedPrompt;
  /** The prompt of each applicable proposal and of `default` (for measurement: RLPG's oracle picks the best of these). */
  prompts: Map<string, string>;
}

/** Evaluates all proposals at the hole, selects one (or takes the requested one) and composes its prompt. */
export function buildRepoPrompt(input: RepoContextInput): RepoContextResult {
  const { repo, current, hole, budgetTokens, countTokens } = input;
  if (input.proposal !== undefined && input.proposal !== DEFAULT_PROPOSAL_ID && !findProposal(input.proposal)) {
    throw new GuardError('INPUT_INVALID', `unknown proposal "${input.proposal}"`, {
      hint: `use "default" or <source>/<context_type> (e.g. import/method_names, current/post_lines_75); sources: ${PROMPT_SOURCES.join(', ')}; context types: ${CONTEXT_TYPES.join(', ')}`,
    });
  }
  const sources = rankSourceFiles(repo, current, hole.line);
  const factsOf = (path: string) => (path === current.facts.path ? current.facts : repo.files.get(path)?.facts);
  const defaultContext = prepareDefaultContext(hole.before, countTokens);
  const windowText = holeWindow(hole);
  const window = identifierSet(windowText);
  // Snippets as long as the hole window (in identifiers), as RepoCoder compares equal-sized windows.
  const windowSize = Math.max(8, identifierSequence(windowText).length);
  const proposals: EvaluatedProposal[] = [];
  const prompts = new Map<string, string>();
  const composedById = new Map<string, ComposedPrompt>();
  for (const spec of PROPOSAL_SPECS) {
    const files = sources.files[spec.source];
    const share = Math.floor(budgetTokens * spec.share);
    const context =
      files.length === 0
        ? { text: '', keep: keepSideOf(spec) }
        : proposalContext({ spec, files, factsOf, hole, capTokens: share, countTokens, keep: keepSideOf(spec) });
    if (context.text.trim() === '') {
      proposals.push({ spec, applicable: false, context: '', contextTokens: 0, score: 0 });
      continue;
    }
    const composed = composePrompt({
      proposalContext: context.text,
      keep: context.keep,
      share: spec.share,
      defaultContext,
      budgetTokens,
      countTokens,
    });
    const score = bestWindowJaccard(window, composed.proposalPart, windowSize);
    proposals.push({
      spec,
      applicable: composed.proposalPart.trim() !== '',
      context: composed.proposalPart,
      contextTokens: composed.proposalTokens,
      score,
    });
    composedById.set(spec.id, composed);
    prompts.set(spec.id, composed.prompt);
  }
  const fallback = composePrompt({ proposalContext: '', keep: 'start', share: 0, defaultContext, budgetTokens, countTokens });
  prompts.set(DEFAULT_PROPOSAL_ID, fallback.prompt);
  const chosen = input.proposal ?? selectProposal(proposals);
  if (chosen !== DEFAULT_PROPOSAL_ID && !composedById.has(chosen)) {
    const applicable = proposals.filter((p) => p.applicable).map((p) => p.spec.id);
    throw new GuardError('INPUT_INVALID', `proposal "${chosen}" does not apply at this position (its source has no such context)`, {
      hint: applicable.length > 0 ? `applicable here: default, ${applicable.join(', ')}` : 'only "default" applies here',
    });
  }
  const composed = composedById.get(chosen) ?? fallback;
  return { proposals, chosen, prompt: composed.prompt, composed, prompts };
}

/** The applicable proposal with the highest score (first in RLPG's order on ties), or `default`. */
export function selectProposal(proposals: EvaluatedProposal[]): string {
  let best: EvaluatedProposal | undefined;
  for (const proposal of proposals) {
    if (proposal.applicable && proposal.score > 0 && (!best || proposal.score > best.score)) best = proposal;
  }
  return best ? best.spec.id : DEFAULT_PROPOSAL_ID;
}
