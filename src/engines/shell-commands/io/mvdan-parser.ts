/**
 * The engine's shell parser: mvdan/sh (the parser behind shfmt, bash grammar) in its GopherJS build
 * from the `mvdan-sh` package, loaded on first use (with a V8 code cache) so start-up does not pay for it.
 */
import { GuardError } from '../../../shared/errors.js';
import type { Env } from '../../../shared/paths.js';
import { loadCachedModule, type CachedModule } from './load-cached-module.js';
import { type ListOperator, type RedirectOperator, type ShellParser, type ShellParseResult } from '../types.js';
import {
  type GoBinaryCmd,
  type GoFile,
  type GoLit,
  goString,
  items,
  NestingError,
  nodeType,
  type OperatorCodes,
  TreeConverter,
} from './mvdan-tree.js';

/** The part of mvdan-sh's JS API the adapter calls: parsing; the result is read through its GopherJS struct. */
export interface GoSyntax {
  NewParser(): { Parse(source: string, name: string): { __internal_object__?: GoFile } };
}

let loaded: ShellParser | undefined;

/** The shared parser, loaded once (its code cache in `env`'s cache dir). Rejects with GuardError INTERNAL when the mvdan-sh package cannot be loaded. */
export async function loadShellParser(env: Env = {}): Promise<ShellParser> {
  return loadShellParserSync(env);
}

/** The shared parser, loaded once, synchronously (its code cache in `env`'s cache dir). Throws GuardError INTERNAL when the mvdan-sh package cannot be loaded. */
export function loadShellParserSync(env: Env = {}): ShellParser {
  loaded ??= importParser(env);
  return loaded;
}

function importParser(env: Env): ShellParser {
  let module: CachedModule<unknown>;
  try {
    module = loadCachedModule<unknown>('mvdan-sh', 'mvdan-sh', env);
  } catch (error) {
    throw new GuardError('INTERNAL', 'the shell parser (package mvdan-sh) could not be loaded', {
      hint: 'reinstall the dependencies with `npm ci`',
      cause: error,
    });
  }
  const syntax = (module.exports as { syntax?: Partial<GoSyntax> } | undefined)?.syntax;
  if (typeof syntax?.NewParser !== 'function') throw unexpectedShape();
  // Creating the parser parses samples, so the cache saved now holds the parser's hot functions.
  const parser = createMvdanParser(syntax as GoSyntax);
  module.saveCache();
  return parser;
}

function unexpectedShape(cause?: unknown): GuardError {
  return new GuardError('INTERNAL', 'the mvdan-sh package does not have the shape this adapter reads', {
    hint: 'install the pinned version with `npm ci`',
    cause,
  });
}

/** A ShellParser over mvdan-sh's `syntax` object; throws GuardError INTERNAL when its structs are not as expected. */
export function createMvdanParser(syntax: GoSyntax): ShellParser {
  let codes: OperatorCodes;
  try {
    codes = readOperatorCodes(syntax);
  } catch (error) {
    throw unexpectedShape(error);
  }
  return { parse: (source) => parseSource(syntax, codes, source) };
}

function parseSource(syntax: GoSyntax, codes: OperatorCodes, source: string): ShellParseResult {
  let text = source;
  for (let repairs = 0; ; repairs++) {
    try {
      const file = parseFile(syntax, text);
      return { ok: true, statements: new TreeConverter(codes, text).statements(file.Stmts, 0) };
    } catch (error) {
      const repaired = repairs < MAX_REPAIRS ? splitDuplicateTarget(text, error) : undefined;
      if (repaired === undefined) return { ok: false, error: describeFailure(error) };
      text = repaired;
    }
  }
}

const MAX_REPAIRS = 64;

/**
 * `2>&1>/dev/null`: bash reads `>&` with the target `1` (its grammar has `>& NUMBER`), then
 * `>/dev/null`; mvdan/sh takes `1>` for the next redirection and reports the `>&` as lacking a word.
 * Where mvdan/sh says so, at an operator followed by digits and `<` or `>`, a blank after the digits
 * gives the reading bash makes; undefined for every other failure.
 */
function splitDuplicateTarget(text: string, error: unknown): string | undefined {
  const located = /^(\d+):(\d+): [<>]& must be followed by a word$/.exec(goErrorText(error));
  if (located === null) return undefined;
  const line = text.split('\n')[Number(located[1]) - 1];
  if (line === undefined) return undefined;
  // mvdan/sh counts columns in UTF-8 bytes from 1.
  const before = Buffer.from(line, 'utf8')
    .subarray(0, Number(located[2]) - 1)
    .toString('utf8');
  const lineStart =
    text
      .split('\n')
      .slice(0, Number(located[1]) - 1)
      .join('\n').length + (Number(located[1]) > 1 ? 1 : 0);
  const at = lineStart + before.length;
  const target = /^[<>]&(\d+)(?=[<>])/.exec(text.slice(at));
  if (target === null) return undefined;
  const end = at + target[0].length;
  return `${text.slice(0, end)} ${text.slice(end)}`;
}

function goErrorText(error: unknown): string {
  // mvdan/sh's errors are Go values with an Error() method: "1:6: reached EOF without closing quote '".
  const goError = error as { Error?: unknown } | null;
  return typeof goError?.Error === 'function' ? String((goError.Error as () => unknown)()) : String(error);
}

function parseFile(syntax: GoSyntax, source: string): GoFile {
  const file = syntax.NewParser().Parse(source, '').__internal_object__;
  if (file === undefined || nodeType(file) !== 'File') throw new Error('mvdan-sh returned no syntax tree');
  return file;
}

function describeFailure(error: unknown): string {
  if (error instanceof NestingError) return error.message;
  if (error instanceof RangeError) return 'the command nests too deeply to parse';
  const text = goErrorText(error);
  const located = /^(\d+):(\d+): ([\s\S]*)$/.exec(text);
  return located === null ? text : `line ${located[1]}, column ${located[2]}: ${located[3]}`;
}

const LIST_SAMPLE = 'a && b\na || b\na | b\na |& b\n';
const LIST_OPERATORS: ListOperator[] = ['&&', '||', '|', '|&'];
const REDIRECT_SAMPLE = 'a >f >>f <f <>f <&0 >&1 >|f &>f &>>f <<<w <<E <<-F\nE\nF\n';
const REDIRECT_OPERATORS: RedirectOperator[] = ['>', '>>', '<', '<>', '<&', '>&', '>|', '&>', '&>>', '<<<', '<<', '<<-'];

/**
 * mvdan-sh hands operators over as Go's enum numbers, so they are read from samples rather than
 * hard-coded; reading them also checks that the structs look as the converter expects.
 */
function readOperatorCodes(syntax: GoSyntax): OperatorCodes {
  const lists = items(parseFile(syntax, LIST_SAMPLE).Stmts).map((stmt) => {
    if (nodeType(stmt.Cmd) !== 'BinaryCmd') throw new Error('no BinaryCmd in the list sample');
    return (stmt.Cmd as GoBinaryCmd).Op;
  });
  const [sample] = items(parseFile(syntax, REDIRECT_SAMPLE).Stmts);
  if (sample === undefined) throw new Error('the redirect sample did not parse');
  const redirects = items(sample.Redirs).map((redirect) => redirect.Op);
  const [first] = items(sample.Redirs);
  if (first === undefined || lists.length !== LIST_OPERATORS.length || redirects.length !== REDIRECT_OPERATORS.length) {
    throw new Error('the operator samples did not parse as expected');
  }
  const [target] = items(first.Word.Parts);
  if (nodeType(target) !== 'Lit' || goString((target as GoLit).Value) !== 'f') throw new Error('unexpected words');
  return {
    list: new Map(LIST_OPERATORS.map((operator, i) => [lists[i] ?? -1, operator])),
    redirect: new Map(REDIRECT_OPERATORS.map((operator, i) => [redirects[i] ?? -1, operator])),
  };
}
