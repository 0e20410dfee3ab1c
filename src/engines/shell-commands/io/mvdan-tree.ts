/** Turns mvdan/sh syntax trees (GopherJS objects) into the engine's small shell AST. */
import {
  type CompoundKind,
  type LiteralContext,
  type ListOperator,
  type RedirectOperator,
  type ShellAssignment,
  type ShellCommand,
  type ShellRedirect,
  type ShellStatement,
  type ShellWord,
  type ShellWordPart,
} from '../types.js';

// mvdan-sh's public JS wrappers cost tens of microseconds per property read (GopherJS reflection),
// which makes big scripts take seconds. The adapter reads the GopherJS structs behind them instead
// (`__internal_object__`): Go field names as properties, slices as {$array, $offset, $length},
// strings as UTF-8 bytes in char codes, nil pointers as their type's `nil` object. The package is
// pinned to one version, and the shapes are checked when the parser loads (see mvdan-parser.ts).
export interface GoPos {
  Offset(): number;
}
export interface GoSlice<T> {
  $array: T[];
  $offset: number;
  $length: number;
}
export interface GoNode {
  constructor: { string?: string; nil?: unknown };
  Pos(): GoPos;
  End(): GoPos;
}
export interface GoStmt extends GoNode {
  Cmd: GoNode;
  Background: boolean;
  Redirs: GoSlice<GoRedirect>;
}
export interface GoFile extends GoNode {
  Stmts: GoSlice<GoStmt>;
}
interface GoWord extends GoNode {
  Parts: GoSlice<GoNode>;
}
export interface GoLit extends GoNode {
  Value: string;
}
interface GoSglQuoted extends GoNode {
  Value: string;
  Dollar: boolean;
}
export interface GoBinaryCmd extends GoNode {
  Op: number;
  X: GoStmt;
  Y: GoStmt;
}
interface GoCallExpr extends GoNode {
  Assigns: GoSlice<GoAssign>;
  Args: GoSlice<GoWord>;
}
interface GoAssign extends GoNode {
  Name: GoLit;
  Value: GoWord;
  Array: GoNode;
}
export interface GoRedirect extends GoNode {
  Op: number;
  N: GoLit;
  Word: GoWord;
  Hdoc: GoWord;
}
interface GoStmtList extends GoNode {
  Stmts: GoSlice<GoStmt>;
}

/** The elements of a Go slice. */
export function items<T>(slice: GoSlice<T>): T[] {
  return slice.$array.slice(slice.$offset, slice.$offset + slice.$length);
}

/** The node's Go type name without package (`CallExpr`); undefined for nil and for non-node values. */
export function nodeType(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const type = (value as GoNode).constructor?.string;
  if (type === undefined || !type.startsWith('*syntax.') || value === (value as GoNode).constructor.nil) return undefined;
  return type.slice('*syntax.'.length);
}

/** A Go string (UTF-8 bytes as char codes) as a JS string. */
export function goString(bytes: string): string {
  return /^[\x00-\x7f]*$/.test(bytes) ? bytes : Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Operator codes of this mvdan/sh build, read once by parsing samples (they are plain numbers in JS). */
export interface OperatorCodes {
  list: ReadonlyMap<number, ListOperator>;
  redirect: ReadonlyMap<number, RedirectOperator>;
}

/** Raised when the tree nests deeper than the engine follows; the parser reports it as a parse error. */
export class NestingError extends Error {}

// Compound commands, subshells and substitutions nested deeper than this are not followed.
export const MAX_NESTING = 200;

const COMPOUND_KINDS: Readonly<Record<string, CompoundKind>> = {
  Subshell: 'subshell',
  Block: 'group',
  IfClause: 'if',
  WhileClause: 'while',
  ForClause: 'for',
  CaseClause: 'case',
  FuncDecl: 'function',
  TimeClause: 'time',
  CoprocClause: 'coproc',
  TestClause: 'test',
  ArithmCmd: 'arithmetic',
  DeclClause: 'declaration',
  LetClause: 'let',
};

/** Converts one parsed source; positions are UTF-8 byte offsets into `source`. */
export class TreeConverter {
  private readonly bytes: Buffer;

  constructor(
    private readonly codes: OperatorCodes,
    source: string,
  ) {
    this.bytes = Buffer.from(source, 'utf8');
  }

  statements(stmts: GoSlice<GoStmt>, depth: number): ShellStatement[] {
    return items(stmts).map((stmt) => this.statement(stmt, depth));
  }

  private statement(stmt: GoStmt, depth: number): ShellStatement {
    if (depth > MAX_NESTING) throw new NestingError(`the command nests more than ${MAX_NESTING} levels deep`);
    const statement: ShellStatement = {
      redirects: items(stmt.Redirs).map((redirect) => this.redirect(redirect, depth)),
      text: this.statementText(stmt),
    };
    if (stmt.Background) statement.background = true;
    const type = nodeType(stmt.Cmd);
    if (type !== undefined) statement.command = this.command(stmt.Cmd, type, depth + 1);
    return statement;
  }

  private command(node: GoNode, type: string, depth: number): ShellCommand {
    if (type === 'CallExpr') {
      const call = node as GoCallExpr;
      return {
        type: 'simple',
        assignments: items(call.Assigns).map((assign) => this.assignment(assign, depth)),
        words: items(call.Args).map((word) => this.word(word, 'bare', depth)),
      };
    }
    if (type === 'BinaryCmd') return this.list(node as GoBinaryCmd, depth);
    const body: ShellStatement[] = [];
    const words: ShellWord[] = [];
    // Every other construct: the statements it may run and the words it expands, found by walking it.
    walkChildren(node, (child, childType) => {
      if (childType === 'Stmt') body.push(this.statement(child as GoStmt, depth));
      else if (childType === 'Word') words.push(this.word(child as GoWord, 'bare', depth));
      else return true;
      return false;
    });
    return { type: 'compound', kind: COMPOUND_KINDS[type] ?? 'other', body, words };
  }

  /** `a && b | c …`: mvdan nests these to the left; flattened here so long chains need no deep recursion. */
  private list(node: GoBinaryCmd, depth: number): ShellCommand {
    const chain: GoBinaryCmd[] = [node];
    let left = node.X;
    while (left.Redirs.$length === 0 && nodeType(left.Cmd) === 'BinaryCmd') {
      const inner = left.Cmd as GoBinaryCmd;
      chain.push(inner);
      left = inner.X;
    }
    const first = this.statement(left, depth);
    const rest = chain.reverse().map((link) => ({
      op: this.codes.list.get(link.Op) ?? '&&',
      statement: this.statement(link.Y, depth),
    }));
    return { type: 'list', first, rest };
  }

  private redirect(redirect: GoRedirect, depth: number): ShellRedirect {
    const converted: ShellRedirect = {
      op: this.codes.redirect.get(redirect.Op) ?? '>',
      word: this.word(redirect.Word, 'bare', depth),
    };
    if (nodeType(redirect.N) !== undefined) converted.fd = goString(redirect.N.Value);
    if (nodeType(redirect.Hdoc) !== undefined) converted.heredoc = this.heredoc(redirect.Word, redirect.Hdoc, depth);
    return converted;
  }

  /** A heredoc body: literal when any part of the delimiter is quoted, else expanded like double quotes. */
  private heredoc(delimiter: GoWord, body: GoWord, depth: number): ShellWord {
    const quoted = items(delimiter.Parts).some((part) => nodeType(part) !== 'Lit' || (part as GoLit).Value.includes('\\'));
    const parts = items(body.Parts);
    if (quoted && parts.every((part) => nodeType(part) === 'Lit')) {
      const value = parts.map((part) => goString((part as GoLit).Value)).join('');
      return { parts: [{ type: 'single-quoted', value, ansiC: false }], text: this.text(body) };
    }
    return { parts: this.parts(body.Parts, 'heredoc', depth), text: this.text(body) };
  }

  private assignment(assign: GoAssign, depth: number): ShellAssignment {
    const name = nodeType(assign.Name) === undefined ? '' : goString(assign.Name.Value);
    const converted: ShellAssignment = { name, items: [] };
    if (nodeType(assign.Value) !== undefined) converted.value = this.word(assign.Value, 'bare', depth);
    if (nodeType(assign.Array) !== undefined) {
      walkChildren(assign.Array, (child, type) => {
        if (type !== 'Word') return true;
        converted.items.push(this.word(child as GoWord, 'bare', depth));
        return false;
      });
    }
    return converted;
  }

  private word(word: GoWord, context: LiteralContext, depth: number): ShellWord {
    return { parts: this.parts(word.Parts, context, depth), text: this.text(word) };
  }

  private parts(parts: GoSlice<GoNode>, context: LiteralContext, depth: number): ShellWordPart[] {
    return items(parts).map((part) => this.part(part, context, depth));
  }

  private part(part: GoNode, context: LiteralContext, depth: number): ShellWordPart {
    switch (nodeType(part)) {
      case 'Lit':
        return { type: 'literal', raw: goString((part as GoLit).Value), context };
      case 'SglQuoted':
        return { type: 'single-quoted', value: goString((part as GoSglQuoted).Value), ansiC: (part as GoSglQuoted).Dollar };
      case 'DblQuoted':
        return { type: 'double-quoted', parts: this.parts((part as GoWord).Parts, 'double-quoted', depth) };
      case 'CmdSubst':
      case 'ProcSubst': {
        const type = nodeType(part) === 'CmdSubst' ? 'command-substitution' : 'process-substitution';
        return { type, text: this.text(part), body: this.statements((part as GoStmtList).Stmts, depth + 1) };
      }
      case 'ExtGlob':
        return { type: 'expansion', kind: 'extglob', text: this.text(part), nested: [] };
      default: {
        const kind = nodeType(part) === 'ArithmExp' ? 'arithmetic' : 'parameter';
        return { type: 'expansion', kind, text: this.text(part), nested: this.substitutionsIn(part, depth + 1) };
      }
    }
  }

  /** Statements of the `$(…)` and `<(…)` found inside a parameter or arithmetic expansion. */
  private substitutionsIn(node: GoNode, depth: number): ShellStatement[] {
    const found: ShellStatement[] = [];
    walkChildren(node, (child, type) => {
      if (type !== 'CmdSubst' && type !== 'ProcSubst') return true;
      found.push(...this.statements((child as GoStmtList).Stmts, depth));
      return false;
    });
    return found;
  }

  /** A statement's text without the `;` or `&` that ends it (mvdan counts them in). */
  private statementText(stmt: GoStmt): string {
    let end = nodeType(stmt.Cmd) === undefined ? -1 : stmt.Cmd.End().Offset();
    for (const redirect of items(stmt.Redirs)) end = Math.max(end, redirect.End().Offset());
    if (end < 0) end = stmt.End().Offset();
    return this.bytes.toString('utf8', stmt.Pos().Offset(), end);
  }

  private text(node: GoNode): string {
    return this.bytes.toString('utf8', node.Pos().Offset(), node.End().Offset());
  }
}

/**
 * Visits the syntax nodes below `node` (not `node` itself), in field order; `visit` returns whether
 * to go inside the child. Reads fields generically, so constructs the adapter does not name
 * (`[[ … ]]`, `for ((…))`, `declare`, `let` …) are still searched for statements and words.
 */
export function walkChildren(node: GoNode, visit: (child: GoNode, type: string) => boolean): void {
  // Depth-first, in order, with an explicit stack: elif chains and arithmetic can nest deeply.
  const pending: GoNode[] = childrenOf(node).reverse();
  while (pending.length > 0) {
    const child = pending.pop()!;
    if (!visit(child, nodeType(child)!)) continue;
    const children = childrenOf(child);
    pending.push(...children.reverse());
  }
}

function childrenOf(node: GoNode): GoNode[] {
  const children: GoNode[] = [];
  for (const value of Object.values(node)) {
    if (isSlice(value)) {
      for (const element of items(value)) if (nodeType(element) !== undefined) children.push(element as GoNode);
    } else if (value !== node && nodeType(value) !== undefined) {
      children.push(value as GoNode);
    }
  }
  return children;
}

function isSlice(value: unknown): value is GoSlice<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as GoSlice<unknown>).$array);
}
