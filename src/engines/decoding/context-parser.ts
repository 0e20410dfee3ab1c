/**
 * The context-aware parser: a streaming state machine over the bytes of the generated text that
 * knows where a package name is being written. Natural language | code fences (shell-ish tags
 * and untagged fences are shell; other languages only on `!pip`/`%pip` lines) | inline code;
 * inside those, install command lines (every installer of `installers.ts`, after `sudo`, `$ `,
 * `RUN`, `&&` …) | ordinary lines; inside an install line, options and their values are skipped
 * and each other argument that starts like a name is a package-name zone, followed by its
 * requirement tail (`requirement-tail.ts`).
 *
 * `feed` refuses a byte (returns false) only in strict mode and only inside a name zone or tail:
 * a byte that leaves every name of the list, or a terminator before the name is whole. Outside
 * those zones every byte is accepted, so the text there is never constrained.
 */
import { type Ecosystem } from '../package-names/index.js';
import { SHELL_TAGS } from './fence-tags.js';
import { commandWord, expectsWord, formEcosystem, isPrefixWord, isZoneFlag, matchForm, startsZoneFlag, takesValue } from './installers.js';
import { continuesName, isBlank, isSeparator, NL, startsName } from './shell-bytes.js';
import { MAX_TAIL, TAIL_REFUSED, tailAccepts, tailDistance, tailStart, tailStep } from './requirement-tail.js';

/** Walks package names; provided by the intervenor over the engine's automata. */
export interface NameWalker {
  /** The cursor before a name, or undefined when names of this ecosystem are not constrained. */
  start(ecosystem: Ecosystem): number | undefined;
  step(ecosystem: Ecosystem, cursor: number, byte: number): number;
  accepts(cursor: number): boolean;
}

/** A cursor for names nobody constrains (all name bytes fit, every prefix is whole). */
const UNTRACKED = -2;
const DEAD = -1;

// Parser states: only compared, never stored or counted, so their numbers are the compiler's.
const enum Mode {
  Prose,
  Shell,
  Code,
}
const enum Phase {
  Idle,
  Words,
  Args,
  Skip,
  Ignore,
  Magic,
}
const enum Arg {
  Between,
  Option,
  Value,
  Free,
  Name,
  Tail,
}

const MAX_WORD = 48;

const ECOSYSTEM_CODE: Record<Ecosystem, number> = { pypi: 1, npm: 2, conda: 3 };

export class ParserState {
  mode: Mode = Mode.Prose;
  inline = false;
  phase: Phase = Phase.Idle;
  /** Command words so far, normalised, space-joined. */
  cmd = '';
  /** The word being read (command words and option words only). */
  word = '';
  ecosystem: Ecosystem | undefined = undefined;
  /** The installer form whose arguments are being read (index into the grammar's forms), or -1. */
  form = -1;
  arg: Arg = Arg.Between;
  pendingValue = false;
  quote = 0;
  cursor = 0;
  tail = 0;
  /** Bytes of the requirement tail so far (tails are bounded). */
  tailBytes = 0;
  escape = false;
  /** A quote just closed a name, tail or option: the shell glues whatever follows onto that word. */
  glued = false;
  /** Start of the line while it may still be a code fence ("```tag"). */
  head = '';
  headOpen = true;
  fenceLine = false;

  clone(): ParserState {
    const copy = new ParserState();
    copy.mode = this.mode;
    copy.inline = this.inline;
    copy.phase = this.phase;
    copy.cmd = this.cmd;
    copy.word = this.word;
    copy.ecosystem = this.ecosystem;
    copy.form = this.form;
    copy.arg = this.arg;
    copy.pendingValue = this.pendingValue;
    copy.quote = this.quote;
    copy.cursor = this.cursor;
    copy.tail = this.tail;
    copy.tailBytes = this.tailBytes;
    copy.escape = this.escape;
    copy.glued = this.glued;
    copy.head = this.head;
    copy.headOpen = this.headOpen;
    copy.fenceLine = this.fenceLine;
    return copy;
  }

  /**
   * A string two states share exactly when they accept the same strict continuations. Not the form: strict
   * mode ends only `ZONE_FLAGS`, valued in no form, so `npm i ` and `npm install ` share masks.
   */
  key(): string {
    const eco = this.ecosystem === undefined ? 0 : ECOSYSTEM_CODE[this.ecosystem];
    return (
      `${this.mode}${this.inline ? 1 : 0}${this.phase}${eco}${this.arg}${this.pendingValue ? 1 : 0}${this.escape ? 1 : 0}${this.glued ? 1 : 0}` +
      `${this.headOpen ? 1 : 0}${this.fenceLine ? 1 : 0}|${this.quote}|${this.cursor}|${this.tail}.${this.tailBytes}|${this.cmd}|${this.word}|${this.head}`
    );
  }

  /** True inside a package-name zone (its first byte read, not yet ended). */
  get inName(): boolean {
    return this.phase === Phase.Args && this.arg === Arg.Name;
  }

  /** True inside a requirement tail. */
  get inTail(): boolean {
    return this.phase === Phase.Args && this.arg === Arg.Tail;
  }

  /** True when the text may end here: no name, tail, option or quoted argument is left unfinished. */
  canEnd(walker: NameWalker): boolean {
    if (this.phase !== Phase.Args) return true;
    if (this.arg === Arg.Name) return (this.cursor === UNTRACKED || walker.accepts(this.cursor)) && this.quote === 0;
    if (this.arg === Arg.Tail) return tailAccepts(this.tail) && this.quote === 0;
    if (this.arg === Arg.Option) return isZoneFlag(this.ecosystem!, this.word) && this.quote === 0;
    return this.quote === 0 && !this.escape;
  }

  /** True inside a zone the monitor constrains byte by byte (a name, its tail, an option): no control token may appear there. */
  get inZone(): boolean {
    return this.phase === Phase.Args && (this.arg === Arg.Name || this.arg === Arg.Tail || this.arg === Arg.Option);
  }

  /** True where a refusal is possible (the parser is reading an install command's arguments). */
  get constrainable(): boolean {
    return this.phase === Phase.Args;
  }
}

/**
 * True when `byte` would be read as one more byte of the current name (the state is inside a
 * constrained name zone): then the state changes only by `cursor = walker.step(...)`, which lets
 * the intervenor walk whole trie subtrees with the cursor alone.
 */
export function extendsName(state: ParserState, byte: number): boolean {
  if (!state.inName || state.cursor === UNTRACKED) return false;
  const eco = state.ecosystem!;
  if (state.headOpen || state.fenceLine || byte === NL || (byte === 0x60 && state.mode === Mode.Prose)) return false;
  return continuesName(eco, byte) && !(eco === 'npm' && byte === 0x40);
}

/**
 * Releases a name the prompt itself left on no path of the list (`pip install reqx` as the
 * prompt's end): the user wrote it, so the rest of that word is left free rather than refused.
 */
export function releaseDeadName(state: ParserState): void {
  if (state.inName && state.cursor === DEAD) {
    state.arg = Arg.Free;
    state.cursor = 0;
  }
}

/** Reads one byte; false (strict mode only) when it breaks a package name or its tail. */
export function feedByte(state: ParserState, byte: number, walker: NameWalker, strict: boolean): boolean {
  if (byte === NL) return feedNewline(state, walker, strict);
  if (state.headOpen && !readHead(state, byte)) return true;
  if (state.fenceLine) return true;
  if (byte === 0x60 && state.mode === Mode.Prose) return feedBacktick(state, walker, strict);
  switch (state.phase) {
    case Phase.Idle:
    case Phase.Words:
      feedCommandWord(state, byte);
      return true;
    case Phase.Args:
      return feedArgument(state, byte, walker, strict);
    case Phase.Skip:
      // `&&`, `;`, `|` start another command in prose lines too (`git clone x && cd x && pip install y`).
      if (isSeparator(byte)) restartCommand(state);
      return true;
    case Phase.Magic:
      if (isBlank(byte)) return true;
      state.phase = byte === 0x21 || byte === 0x25 ? Phase.Idle : Phase.Ignore;
      return true;
    default:
      return true;
  }
}

/** Reads a whole byte string; false as soon as one byte is refused. */
export function feedBytes(state: ParserState, bytes: Uint8Array, walker: NameWalker, strict: boolean): boolean {
  for (let i = 0; i < bytes.length; i++) if (!feedByte(state, bytes[i]!, walker, strict)) return false;
  return true;
}

/** Collects a line's start to spot code fences; returns false when the byte was consumed. */
function readHead(state: ParserState, byte: number): boolean {
  if (state.head.length === 0 && isBlank(byte)) return true;
  if (state.head.length < 3) {
    if (byte === 0x60) {
      state.head += '`';
      if (state.head === '```') {
        state.fenceLine = true;
        state.inline = false;
        state.phase = Phase.Ignore;
      }
      return true;
    }
    state.headOpen = false;
    state.head = '';
    return true;
  }
  if (state.head.length < 24) state.head += String.fromCharCode(byte);
  return false;
}

function feedNewline(state: ParserState, walker: NameWalker, strict: boolean): boolean {
  const continued = state.phase === Phase.Args && state.escape && state.arg === Arg.Between && state.quote === 0;
  if (strict && !continued && !state.canEnd(walker)) return false;
  if (state.fenceLine) {
    if (state.mode === Mode.Prose) {
      const tag = state.head
        .slice(3)
        .trim()
        .split(/[\s{,]/)[0]!
        .toLowerCase();
      state.mode = SHELL_TAGS.has(tag) ? Mode.Shell : Mode.Code;
    } else {
      state.mode = Mode.Prose;
    }
  }
  state.head = '';
  state.headOpen = true;
  state.fenceLine = false;
  state.inline = false;
  state.escape = false;
  if (continued) return true;
  resetCommand(state);
  state.phase = state.mode === Mode.Code ? Phase.Magic : Phase.Idle;
  return true;
}

function feedBacktick(state: ParserState, walker: NameWalker, strict: boolean): boolean {
  if (strict && !state.canEnd(walker)) return false;
  if (!state.inline) {
    // In a line's install arguments a reader drops the span and reads on: the command would not end here.
    if (strict && state.phase === Phase.Args) return false;
    state.inline = true;
    restartCommand(state);
    return true;
  }
  state.inline = false;
  resetCommand(state);
  state.phase = Phase.Ignore;
  return true;
}

function resetCommand(state: ParserState): void {
  state.cmd = '';
  state.word = '';
  state.ecosystem = undefined;
  state.form = -1;
  state.arg = Arg.Between;
  state.pendingValue = false;
  state.quote = 0;
  state.cursor = 0;
  state.tail = 0;
  state.tailBytes = 0;
  state.escape = false;
  state.glued = false;
}

function restartCommand(state: ParserState): void {
  resetCommand(state);
  state.phase = Phase.Idle;
}

function feedCommandWord(state: ParserState, byte: number): void {
  if (isBlank(byte) || isSeparator(byte)) {
    if (state.word.length > 0) endCommandWord(state);
    if (isSeparator(byte)) restartCommand(state);
    return;
  }
  if (state.phase === Phase.Idle && state.word.length === 0 && (byte === 0x21 || byte === 0x25)) return; // !pip, %pip
  state.word = state.word.length < MAX_WORD ? state.word + String.fromCharCode(byte) : state.word;
}

function endCommandWord(state: ParserState): void {
  const word = state.cmd.length === 0 ? commandWord(state.word) : state.word.replace(/^["']|["']$/g, '');
  state.word = '';
  if (state.cmd.length === 0 && isPrefixWord(word)) return;
  if (word.startsWith('-') && !expectsWord(state.cmd, word)) return;
  const cmd = state.cmd.length === 0 ? word : `${state.cmd} ${word}`;
  const status = matchForm(cmd);
  if (status === 'none') {
    state.cmd = '';
    state.phase = Phase.Skip;
  } else if (status === 'prefix') {
    state.cmd = cmd;
    state.phase = Phase.Words;
  } else {
    state.cmd = '';
    state.form = status;
    state.ecosystem = formEcosystem(status);
    state.phase = Phase.Args;
    state.arg = Arg.Between;
  }
}

function feedArgument(state: ParserState, byte: number, walker: NameWalker, strict: boolean): boolean {
  const eco = state.ecosystem!;
  const quoted = state.quote !== 0;
  const closesQuote = quoted && byte === state.quote;
  const endsWord = closesQuote || (!quoted && isBlank(byte));
  const endsCommand = !quoted && (isSeparator(byte) || byte === 0x60);
  // A backtick in a shell line opens a command substitution: never inside install arguments.
  if (strict && byte === 0x60) return false;
  if (state.glued) {
    // `"numpy"x` is the one word `numpyx`: after a quote closes a name only a word's end may follow.
    if (strict && !isBlank(byte) && !endsCommand) return false;
    state.glued = false;
  }
  switch (state.arg) {
    case Arg.Between:
      return startArgument(state, eco, byte, walker, strict);
    case Arg.Option:
      if (strict) {
        // Only the flags a zone may hold: every byte keeps the word on one, and it ends only whole.
        if (byte === 0x3d || ((endsWord || endsCommand) && !isZoneFlag(eco, state.word))) return false;
        if (!(endsWord || endsCommand) && !startsZoneFlag(eco, state.word + String.fromCharCode(byte))) return false;
      }
      if (endsWord || endsCommand || byte === 0x3d) {
        const option = state.word;
        state.word = '';
        state.arg = byte === 0x3d ? Arg.Free : Arg.Between;
        if (byte !== 0x3d) state.pendingValue = takesValue(state.form, option);
        if (closesQuote) {
          state.quote = 0;
          state.glued = true;
        }
        if (endsCommand) restartCommand(state);
      } else if (state.word.length < MAX_WORD) {
        state.word += String.fromCharCode(byte);
      }
      return true;
    case Arg.Value:
    case Arg.Free:
      if (endsCommand) restartCommand(state);
      else if (endsWord) endArgument(state, closesQuote);
      return true;
    case Arg.Name:
      return feedName(state, eco, byte, walker, strict, { quoted, closesQuote, endsWord, endsCommand });
    case Arg.Tail:
      if (endsWord || endsCommand) {
        if (strict && !tailAccepts(state.tail)) return false;
        if (endsCommand) restartCommand(state);
        else endArgument(state, closesQuote);
        if (closesQuote) state.glued = true;
        return true;
      }
      if (strict) return feedStrictTail(state, eco, byte, quoted);
      state.tail = tailStep(eco, state.tail, byte, quoted);
      if (state.tail === TAIL_REFUSED) {
        if (strict) return false;
        state.arg = Arg.Free;
        state.tail = 0;
      }
      return true;
  }
}

function startArgument(state: ParserState, eco: Ecosystem, byte: number, walker: NameWalker, strict: boolean): boolean {
  const quoted = state.quote !== 0;
  if (quoted && byte === state.quote) {
    state.quote = 0; // an empty string
    return true;
  }
  if (!quoted) {
    // After a backslash only a line break (a continuation) keeps the arguments going: `\x` is a word `x`, `\ ` a word " ".
    if (strict && state.escape) return false;
    if (isBlank(byte)) return true;
    if (byte === 0x5c) {
      state.escape = true;
      return true;
    }
    state.escape = false;
    if (byte === 0x22 || byte === 0x27) {
      state.quote = byte;
      return true;
    }
    if (isSeparator(byte)) {
      restartCommand(state);
      return true;
    }
    if (byte === 0x23 || byte === 0x3c || byte === 0x3e) {
      // A redirection's target and what follows it are still the installer's arguments.
      if (strict && byte !== 0x23) return false;
      resetCommand(state);
      state.phase = byte === 0x23 ? Phase.Ignore : Phase.Skip;
      return true;
    }
  }
  if (state.pendingValue) {
    state.pendingValue = false;
    state.arg = Arg.Value;
    return true;
  }
  if (byte === 0x2d) {
    state.arg = Arg.Option;
    state.word = '-';
    return true;
  }
  if (!startsName(eco, byte)) {
    // Where a name is expected, a word that cannot be one does not start (strict).
    if (strict) return false;
    state.arg = Arg.Free;
    return true;
  }
  const start = walker.start(eco);
  state.arg = Arg.Name;
  state.cursor = start === undefined ? UNTRACKED : walker.step(eco, start, byte);
  return !(strict && state.cursor === DEAD);
}

interface ByteRole {
  quoted: boolean;
  closesQuote: boolean;
  endsWord: boolean;
  endsCommand: boolean;
}

function feedName(state: ParserState, eco: Ecosystem, byte: number, walker: NameWalker, strict: boolean, role: ByteRole): boolean {
  if (continuesName(eco, byte) && !(eco === 'npm' && byte === 0x40)) {
    if (state.cursor === UNTRACKED) return true;
    state.cursor = walker.step(eco, state.cursor, byte);
    return !(strict && state.cursor === DEAD);
  }
  // Any other byte ends the name, which must then be whole.
  if (strict && state.cursor !== UNTRACKED && !walker.accepts(state.cursor)) return false;
  state.cursor = 0;
  if (role.endsCommand) {
    restartCommand(state);
    return true;
  }
  if (role.closesQuote || (role.endsWord && !role.quoted)) {
    endArgument(state, role.closesQuote);
    state.glued = role.closesQuote;
    return true;
  }
  const tail = tailStart(eco, byte, role.quoted);
  if (tail === TAIL_REFUSED || (strict && !tailByteSafe(byte, role.quoted))) {
    if (strict) return false;
    state.arg = Arg.Free;
    return true;
  }
  state.arg = Arg.Tail;
  state.tail = tail;
  state.tailBytes = 1;
  return true;
}

/**
 * A tail byte the shell reads as written: no expansion, escape or (unquoted) redirection, ASCII only.
 */
function tailByteSafe(byte: number, quoted: boolean): boolean {
  if (byte < 0x20 || byte >= 0x7f || byte === 0x24 || byte === 0x60 || byte === 0x5c) return false;
  return quoted || (byte !== 0x3c && byte !== 0x3e && byte !== 0x2a && byte !== 0x3f);
}

/** One more tail byte in strict mode: well formed, safe, and within MAX_TAIL bytes (the last few only close it). */
function feedStrictTail(state: ParserState, eco: Ecosystem, byte: number, quoted: boolean): boolean {
  if (!tailByteSafe(byte, quoted)) return false;
  const next = tailStep(eco, state.tail, byte, quoted);
  if (next === TAIL_REFUSED) return false;
  const room = MAX_TAIL - state.tailBytes - 1;
  // Near the bound, a byte must bring the tail closer to well formed, so a way out always remains.
  if (room < 4 && tailDistance(next) >= Math.max(1, tailDistance(state.tail))) return false;
  if (room < 0) return false;
  state.tail = next;
  state.tailBytes++;
  return true;
}

function endArgument(state: ParserState, closesQuote: boolean): void {
  state.arg = Arg.Between;
  state.cursor = 0;
  state.tail = 0;
  state.tailBytes = 0;
  state.word = '';
  if (closesQuote) state.quote = 0;
}
