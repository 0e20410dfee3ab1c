/** The repository-context engine's data: per-file facts, repository facts, prompt proposals and the composed prompt. */
import type { SyntaxLanguage } from '../syntax/index.js';
import type { ModuleIndex } from './resolve-imports.js';

/** Where a proposal takes its context from, relative to the file holding the cursor (RLPG's prompt sources). */
export const PROMPT_SOURCES = [
  'current',
  'parent_class',
  'import',
  'sibling',
  'similar_name',
  'child_class',
  'import_of_parent_class',
  'import_of_sibling',
  'import_of_similar_name',
  'import_of_child_class',
] as const;
export type PromptSource = (typeof PROMPT_SOURCES)[number];

/** What a proposal takes from its source (RLPG's prompt context types). */
export const CONTEXT_TYPES = [
  'post_lines',
  'identifiers',
  'type_identifiers',
  'field_declarations',
  'string_literals',
  'method_names',
  'method_names_bodies',
] as const;
export type ContextType = (typeof CONTEXT_TYPES)[number];

/** Context types that are lists of items found in a file (all but post lines). */
export type ItemContextType = Exclude<ContextType, 'post_lines'>;

/** One piece of a file: its text and the 0-based lines it spans. */
export interface SpanText {
  text: string;
  startLine: number;
  endLine: number;
}

/** An import statement: the module as written and the local names it binds. */
export interface ImportFact {
  /** The module as written: `os.path`, `..util`, `./store.js`, `com.acme.Store`, `com.acme.*`. */
  module: string;
  /** For Python `from m import a, b`: the imported names (a submodule may be among them). */
  names: string[];
  /** Local names the statement binds (used to find where the import is used). */
  bindings: string[];
  line: number;
}

/** A class (or interface) declared in a file and its parents as written (`Base`, `models.Model`, generics dropped). */
export interface ClassFact {
  name: string;
  parents: string[];
  startLine: number;
  endLine: number;
}

/** Everything RLPG needs from one file, extracted once from its syntax tree. */
export interface FileFacts {
  /** Path relative to the repository root, with `/` separators. */
  path: string;
  language: SyntaxLanguage;
  /** Java: the package declaration, else undefined. */
  packageName?: string;
  imports: ImportFact[];
  classes: ClassFact[];
  /** Identifier name → 0-based lines where it occurs, in order of first occurrence. */
  identifiers: Map<string, number[]>;
  /** Type identifier name → 0-based lines where it occurs, in order of first occurrence. */
  typeIdentifiers: Map<string, number[]>;
  fieldDeclarations: SpanText[];
  stringLiterals: SpanText[];
  /** Method and function signatures (the declaration up to its body). */
  methodNames: SpanText[];
  /** Whole method and function declarations. */
  methodBodies: SpanText[];
}

/** A file's facts with its resolved import targets (repository-relative paths). */
export interface ResolvedFile {
  facts: FileFacts;
  /** Import index → repository files it resolves to (empty when external). */
  importTargets: string[][];
}

/** The repository-level facts, computed once per repository and reused for every hole. */
export interface RepoFacts {
  root: string;
  files: Map<string, ResolvedFile>;
  modules: ModuleIndex;
  /** Class name → files declaring a class of that name. */
  classIndex: Map<string, string[]>;
  /** File → files holding a parent of one of its classes (the parent's name and the class it is for). */
  parentEdges: Map<string, ParentEdge[]>;
  /** File → files holding a class whose parent is declared in it. */
  childFiles: Map<string, string[]>;
}

export interface ParentEdge {
  childClass: string;
  parentClass: string;
  file: string;
  /** 0-based line of the child class declaration. */
  line: number;
}

/** The current file split at the cursor. */
export interface Hole {
  /** 0-based line of the cursor. */
  line: number;
  column: number;
  /** Code before the cursor (all lines above and the line up to the cursor). */
  before: string;
  /** Text after the cursor on its line: never part of a prompt. */
  target: string;
  /** Lines after the cursor's line. */
  after: string;
  /** Lines of the file, the cursor line included whole. */
  lines: string[];
}

export interface ProposalSpec {
  id: string;
  source: PromptSource;
  contextType: ContextType;
  /** Share of the budget given to the proposal context (0.5, or 0.25 / 0.5 / 0.75 for post lines). */
  share: number;
}

/** A proposal evaluated at a hole: whether it applies, its context as it enters the prompt, its score. */
export interface EvaluatedProposal {
  spec: ProposalSpec;
  applicable: boolean;
  /** The proposal context after truncation to its share of the budget. */
  context: string;
  contextTokens: number;
  /** Similarity between the hole window and the context (Jaccard over identifiers), 0..1. */
  score: number;
}

/** Counts tokens in a text: the model's tokenizer when there is one, else the approximation. */
export type CountTokens = (text: string) => number;
