/**
 * What each context type takes from a file (identifiers, type identifiers, field declarations,
 * string literals, method signatures, methods with bodies) and how a proposal's context is put
 * together from its ranked files. In the current file, items on the hole's line never count;
 * items after the hole come first, and only when there are none are items before it taken.
 */
import type { KeepSide } from './compose-prompt.js';
import type { CountTokens, FileFacts, Hole, ItemContextType, ProposalSpec, SpanText } from './types.js';

const SEPARATORS: Record<ItemContextType, string> = {
  identifiers: ' ',
  type_identifiers: ' ',
  string_literals: ' ',
  field_declarations: '\n',
  method_names: '\n',
  method_names_bodies: '\n\n',
};

/** A file's items of one context type, in source order, optionally only those within `lines` (0-based, inclusive). */
export function fileItems(facts: FileFacts, type: ItemContextType, accept: (start: number, end: number) => boolean = () => true): string[] {
  switch (type) {
    case 'identifiers':
      return namesWithin(facts.identifiers, accept);
    case 'type_identifiers':
      return namesWithin(facts.typeIdentifiers, accept);
    case 'field_declarations':
      return spansWithin(facts.fieldDeclarations, accept);
    case 'string_literals':
      return spansWithin(facts.stringLiterals, accept);
    case 'method_names':
      return spansWithin(facts.methodNames, accept);
    case 'method_names_bodies':
      return spansWithin(facts.methodBodies, accept);
  }
}

/** Distinct names occurring within the accepted lines, ordered by their first accepted occurrence. */
function namesWithin(map: Map<string, number[]>, accept: (start: number, end: number) => boolean): string[] {
  const firsts: Array<[string, number]> = [];
  for (const [name, lines] of map) {
    const first = lines.find((line) => accept(line, line));
    if (first !== undefined) firsts.push([name, first]);
  }
  firsts.sort((a, b) => a[1] - b[1]);
  return firsts.map(([name]) => name);
}

function spansWithin(spans: SpanText[], accept: (start: number, end: number) => boolean): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const span of spans) {
    if (!accept(span.startLine, span.endLine)) continue;
    const text = span.text.trim();
    if (text && !seen.has(text)) {
      seen.add(text);
      out.push(text);
    }
  }
  return out;
}

export interface ProposalContext {
  text: string;
  keep: KeepSide;
}

export interface ContextInput {
  spec: ProposalSpec;
  files: string[];
  factsOf: (path: string) => FileFacts | undefined;
  hole: Hole;
  /** Stop adding files once the context is past this many tokens (it gets truncated anyway). */
  capTokens: number;
  countTokens: CountTokens;
  keep: KeepSide;
}

/** A comment line naming the file a block of context comes from. */
export function fileHeader(path: string): string {
  return /\.pyi?$/.test(path) ? `# ${path}` : `// ${path}`;
}

/** The untruncated context of a proposal (only as much as can matter past `capTokens`); empty when it has none. */
export function proposalContext(input: ContextInput): ProposalContext {
  const { spec, hole } = input;
  if (spec.contextType === 'post_lines') return { text: hole.after, keep: 'start' };
  const type = spec.contextType;
  if (spec.source === 'current') {
    const facts = input.factsOf(input.files[0]!);
    if (!facts) return { text: '', keep: 'start' };
    const after = fileItems(facts, type, (start) => start > hole.line);
    if (after.length > 0) return { text: after.join(SEPARATORS[type]), keep: 'start' };
    const before = fileItems(facts, type, (_start, end) => end < hole.line);
    return { text: before.join(SEPARATORS[type]), keep: 'end' };
  }
  const blocks: string[] = [];
  let tokens = 0;
  // Keeping the end means the last files matter: take them all (parent-class lists are short).
  const capped = input.keep === 'start';
  for (const path of input.files) {
    const facts = input.factsOf(path);
    if (!facts) continue;
    const items = fileItems(facts, type);
    if (items.length === 0) continue;
    let block = `${fileHeader(path)}\n${items.join(SEPARATORS[type])}`;
    // Tokens rarely span more than 16 characters' worth here, so longer text cannot survive truncation.
    if (capped && block.length > input.capTokens * 16) block = block.slice(0, input.capTokens * 16);
    blocks.push(block);
    if (capped) {
      tokens += input.countTokens(block);
      if (tokens > input.capTokens) break;
    }
  }
  return { text: blocks.join('\n'), keep: input.keep };
}
