/**
 * The prompt proposals: RLPG's 62 source × context-type pairs (Current has no method bodies, which
 * would contain the hole; post lines exist only for Current, at ¼, ½ and ¾ of the budget), plus
 * `default`, the code before the cursor alone. IDs are `<source>/<context_type>` (`import/method_names`),
 * post lines `current/post_lines_25|50|75`.
 */
import { CONTEXT_TYPES, PROMPT_SOURCES, type ContextType, type ProposalSpec } from './types.js';
import type { KeepSide } from './compose-prompt.js';

export const DEFAULT_PROPOSAL_ID = 'default';

const CURRENT_TYPES: ContextType[] = ['method_names', 'identifiers', 'type_identifiers', 'string_literals', 'field_declarations'];
const OTHER_TYPES: ContextType[] = CONTEXT_TYPES.filter((t) => t !== 'post_lines');

function buildSpecs(): ProposalSpec[] {
  const specs: ProposalSpec[] = [];
  for (const contextType of CURRENT_TYPES) specs.push({ id: `current/${contextType}`, source: 'current', contextType, share: 0.5 });
  for (const percent of [25, 50, 75]) {
    specs.push({ id: `current/post_lines_${percent}`, source: 'current', contextType: 'post_lines', share: percent / 100 });
  }
  for (const source of PROMPT_SOURCES) {
    if (source === 'current') continue;
    for (const contextType of OTHER_TYPES) specs.push({ id: `${source}/${contextType}`, source, contextType, share: 0.5 });
  }
  return specs;
}

/** Every proposal but `default`, in RLPG's order (62). */
export const PROPOSAL_SPECS: readonly ProposalSpec[] = buildSpecs();

const BY_ID = new Map(PROPOSAL_SPECS.map((spec) => [spec.id, spec]));

/** The proposal with this ID, or undefined. */
export function findProposal(id: string): ProposalSpec | undefined {
  return BY_ID.get(id);
}

/**
 * Which end of a proposal's context survives truncation: the end for the parent class file (as in
 * RLPG), the start otherwise — for the current file that is the part nearest the hole, since its
 * items are taken from after the hole first.
 */
export function keepSideOf(spec: ProposalSpec): KeepSide {
  return spec.source === 'parent_class' ? 'end' : 'start';
}
