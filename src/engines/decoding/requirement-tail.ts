/**
 * The requirement tail after a package name, left free but kept well formed, byte by byte: PyPI
 * extras `[a,b]`, version clauses (`==`, `>=`, `~=`, `===` … with version characters, comma
 * separated), a marker after `;` and a direct URL after `@` (inside quotes); npm `@range|tag`;
 * conda `=1.2`, `>=1.2,<2`. A state is a small integer; -1 refuses the byte. An npm tail is a
 * tag (`latest`, `2.3.0-beta.1`) or one comparator (`^4`, `>=2.1`, `~1.x`): what npm reads without
 * ever refusing it, and what the vetting engine reads the same way without npm-package-arg (a
 * range npm would reject, such as `@ two words`, is vetted as a name that does not exist).
 */
import { type Ecosystem } from '../package-names/index.js';

export const TAIL_REFUSED = -1;
/** Bytes a requirement tail may take under the monitor (extras, clauses, a marker or URL). */
export const MAX_TAIL = 80;

// PyPI states.
const EXTRAS_OPEN = 1;
const EXTRA_NAME = 2;
const AFTER_EXTRAS = 3;
const EXTRA_SPACE = 4;
const OP_EQ = 20; // "="
const OP_EQEQ = 21; // "==" (complete; may become "===")
const OP_EQEQEQ = 22;
const OP_LT_GT = 23; // "<" or ">" (complete; may take "=")
const OP_BANG_TILDE = 24; // "!" or "~" (needs "=")
const OP_DONE = 25; // "<=", ">=", "!=", "~="
const OP_SPACE = 26;
const VERSION = 30;
const CLAUSE_START = 31;
const AFTER_VERSION = 32;
const MARKER_START = 40;
const MARKER = 41;
const URL_START = 50;
const URL = 51;
// npm and conda states.
const NPM_START = 60;
const NPM_TAG = 61; // a tag or a version: [A-Za-z0-9_-][A-Za-z0-9._-]*
const NPM_OP = 62; // "~", "^", "=", "<=", ">=" (needs a digit)
const NPM_LT_GT = 63; // "<" or ">" (may take "=")
const NPM_V1 = 64;
const NPM_D1 = 65;
const NPM_V2 = 66;
const NPM_W2 = 67; // "x", "X" or "*" in the second part
const NPM_D2 = 68;
const NPM_V3 = 69;
const NPM_W3 = 70;
const CONDA_OP = 80;
const CONDA_VERSION = 81;

const isAlnum = (b: number): boolean => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const isSpace = (b: number): boolean => b === 0x20 || b === 0x09;

/** True for the bytes that end a name and open its tail. */
export function opensTail(ecosystem: Ecosystem, byte: number, quoted: boolean): boolean {
  return tailStart(ecosystem, byte, quoted) !== TAIL_REFUSED;
}

/** The tail state after its first byte (the one that ended the name). */
export function tailStart(ecosystem: Ecosystem, byte: number, quoted: boolean): number {
  switch (ecosystem) {
    case 'pypi':
      if (byte === 0x5b) return EXTRAS_OPEN;
      if (quoted && isSpace(byte)) return AFTER_EXTRAS;
      return pypiSpec(byte, quoted);
    case 'npm':
      return byte === 0x40 ? NPM_START : TAIL_REFUSED;
    case 'conda':
      return isOpChar(byte) ? CONDA_OP : TAIL_REFUSED;
  }
}

/** Reads one more byte of the tail. Whitespace outside quotes and closing quotes never get here. */
export function tailStep(ecosystem: Ecosystem, state: number, byte: number, quoted: boolean): number {
  if (ecosystem === 'npm' || (state >= NPM_START && state <= NPM_W3)) return npmStep(state, byte);
  if (ecosystem === 'conda') {
    if (isAlnum(byte) || byte === 0x2a) return CONDA_VERSION;
    return isCondaChar(byte) ? CONDA_OP : TAIL_REFUSED;
  }
  switch (state) {
    case EXTRAS_OPEN:
      if (isAlnum(byte)) return EXTRA_NAME;
      if (byte === 0x5d) return AFTER_EXTRAS;
      return quoted && isSpace(byte) ? EXTRAS_OPEN : TAIL_REFUSED;
    case EXTRA_NAME:
      if (isAlnum(byte) || byte === 0x2d || byte === 0x5f || byte === 0x2e) return EXTRA_NAME;
      if (byte === 0x2c) return EXTRAS_OPEN;
      if (byte === 0x5d) return AFTER_EXTRAS;
      return quoted && isSpace(byte) ? EXTRA_SPACE : TAIL_REFUSED;
    case EXTRA_SPACE:
      if (byte === 0x2c) return EXTRAS_OPEN;
      if (byte === 0x5d) return AFTER_EXTRAS;
      return isSpace(byte) ? EXTRA_SPACE : TAIL_REFUSED;
    case AFTER_EXTRAS:
      if (quoted && isSpace(byte)) return AFTER_EXTRAS;
      return pypiSpec(byte, quoted);
    case OP_EQ:
      return byte === 0x3d ? OP_EQEQ : TAIL_REFUSED;
    case OP_EQEQ:
      if (byte === 0x3d) return OP_EQEQEQ;
      return versionStart(byte, quoted);
    case OP_LT_GT:
      if (byte === 0x3d) return OP_DONE;
      return versionStart(byte, quoted);
    case OP_BANG_TILDE:
      return byte === 0x3d ? OP_DONE : TAIL_REFUSED;
    case OP_EQEQEQ:
    case OP_DONE:
    case OP_SPACE:
      return versionStart(byte, quoted);
    case VERSION:
      if (isVersionChar(byte)) return VERSION;
      if (byte === 0x2c) return CLAUSE_START;
      if (quoted && byte === 0x3b) return MARKER_START;
      return quoted && isSpace(byte) ? AFTER_VERSION : TAIL_REFUSED;
    case AFTER_VERSION:
      if (isSpace(byte)) return AFTER_VERSION;
      if (byte === 0x2c) return CLAUSE_START;
      return byte === 0x3b ? MARKER_START : TAIL_REFUSED;
    case CLAUSE_START:
      if (quoted && isSpace(byte)) return CLAUSE_START;
      return opStart(byte);
    case MARKER_START:
      return isSpace(byte) ? MARKER_START : MARKER;
    case MARKER:
      return MARKER;
    case URL_START:
      if (isSpace(byte)) return URL_START;
      return byte > 0x20 && byte < 0x7f ? URL : TAIL_REFUSED;
    case URL:
      if (byte > 0x20 && byte < 0x7f) return URL;
      return TAIL_REFUSED;
    default:
      return TAIL_REFUSED;
  }
}

/** True when the tail may end here (a terminator or end of text is well formed). */
export function tailAccepts(state: number): boolean {
  return (
    state === AFTER_EXTRAS ||
    state === VERSION ||
    state === AFTER_VERSION ||
    state === MARKER ||
    state === URL ||
    state === NPM_TAG ||
    state === NPM_V1 ||
    state === NPM_V2 ||
    state === NPM_W2 ||
    state === NPM_V3 ||
    state === NPM_W3 ||
    state === CONDA_VERSION
  );
}

/**
 * The fewest bytes that make the tail well formed from `state` (by bytes the shell reads as written,
 * unquoted): 0 where it may end. Tail bounds rely on a byte that lowers it existing in every state.
 */
export function tailDistance(state: number): number {
  if (tailAccepts(state)) return 0;
  if (state === CLAUSE_START) return 3;
  if (state === OP_EQ || state === OP_BANG_TILDE) return 2;
  return 1;
}

function pypiSpec(byte: number, quoted: boolean): number {
  if (quoted && byte === 0x3b) return MARKER_START;
  // Quoted `name @ url` is a PEP 508 direct reference; unquoted `name@^4` is poetry's constraint form.
  if (byte === 0x40) return quoted ? URL_START : NPM_START;
  return opStart(byte);
}

function opStart(byte: number): number {
  if (byte === 0x3d) return OP_EQ;
  if (byte === 0x3c || byte === 0x3e) return OP_LT_GT;
  if (byte === 0x21 || byte === 0x7e) return OP_BANG_TILDE;
  return TAIL_REFUSED;
}

function versionStart(byte: number, quoted: boolean): number {
  if (quoted && isSpace(byte)) return OP_SPACE;
  // PEP 440: a version starts with a digit (an optional "v" is accepted too).
  return (byte >= 0x30 && byte <= 0x39) || byte === 0x76 || byte === 0x2a ? VERSION : TAIL_REFUSED;
}

function isVersionChar(b: number): boolean {
  return isAlnum(b) || b === 0x2e || b === 0x2a || b === 0x2b || b === 0x21 || b === 0x5f || b === 0x2d;
}

function isOpChar(b: number): boolean {
  return b === 0x3d || b === 0x3c || b === 0x3e || b === 0x21 || b === 0x7e;
}

const isDigit = (b: number): boolean => b >= 0x30 && b <= 0x39;
const isWild = (b: number): boolean => b === 0x78 || b === 0x58 || b === 0x2a;
const isTagChar = (b: number): boolean => isAlnum(b) || b === 0x5f || b === 0x2d || b === 0x2e;

/** One byte of an npm tail (see the file's comment): a tag, or one comparator on up to three parts. */
function npmStep(state: number, byte: number): number {
  switch (state) {
    case NPM_START:
      if (byte === 0x7e || byte === 0x5e || byte === 0x3d) return NPM_OP;
      if (byte === 0x3c || byte === 0x3e) return NPM_LT_GT;
      return isTagChar(byte) && byte !== 0x2e ? NPM_TAG : TAIL_REFUSED;
    case NPM_TAG:
      return isTagChar(byte) ? NPM_TAG : TAIL_REFUSED;
    case NPM_LT_GT:
      if (byte === 0x3d) return NPM_OP;
      return isDigit(byte) ? NPM_V1 : TAIL_REFUSED;
    case NPM_OP:
      return isDigit(byte) ? NPM_V1 : TAIL_REFUSED;
    case NPM_V1:
      if (isDigit(byte)) return NPM_V1;
      return byte === 0x2e ? NPM_D1 : TAIL_REFUSED;
    case NPM_D1:
      if (isDigit(byte)) return NPM_V2;
      return isWild(byte) ? NPM_W2 : TAIL_REFUSED;
    case NPM_V2:
      if (isDigit(byte)) return NPM_V2;
      return byte === 0x2e ? NPM_D2 : TAIL_REFUSED;
    case NPM_W2:
      return byte === 0x2e ? NPM_D2 : TAIL_REFUSED;
    case NPM_D2:
      if (isDigit(byte)) return NPM_V3;
      return isWild(byte) ? NPM_W3 : TAIL_REFUSED;
    case NPM_V3:
      return isDigit(byte) ? NPM_V3 : TAIL_REFUSED;
    default:
      return TAIL_REFUSED;
  }
}

function isCondaChar(b: number): boolean {
  return isOpChar(b) || b === 0x2e || b === 0x2c || b === 0x7c || b === 0x5f || b === 0x2b || b === 0x2d;
}
