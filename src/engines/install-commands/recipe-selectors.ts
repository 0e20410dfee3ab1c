/**
 * conda-build's line selectors (`- pywin32  # [win]`), evaluated for a Linux x86-64 build: a line
 * whose selector is false is dropped; one whose selector cannot be decided (`# [py<38]`, an unknown
 * name) is kept, so that its requirement is still vetted rather than skipped.
 */

const TRUE_NAMES = new Set(['linux', 'linux64', 'unix', 'x86', 'x86_64', 'py3k', 'build_platform']);
const FALSE_NAMES = new Set([
  'win',
  'win32',
  'win64',
  'osx',
  'osx64',
  'arm64',
  'aarch64',
  'ppc64le',
  's390x',
  'armv6l',
  'armv7l',
  'linux32',
  'py2k',
  'emscripten',
  'wasm32',
]);
const SELECTOR = /^(.*?)\s+#\s*\[([^\]]*)\]\s*$/;

type Tri = boolean | undefined;

function evaluateSelector(expr: string): Tri {
  const tokens = expr.match(/[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|'[^']*'|"[^"]*"|[()]|[<>=!]=?|\S/g) ?? [];
  let at = 0;
  const atom = (): Tri => {
    const token = tokens[at++];
    if (token === undefined) return undefined;
    if (token === 'not') {
      const value = atom();
      return value === undefined ? undefined : !value;
    }
    if (token === '(') {
      const value = or();
      at += tokens[at] === ')' ? 1 : 0;
      return value;
    }
    // A comparison (`py>=38`, `target_platform == 'linux-64'`) is not decided here.
    if (/^[<>=!]=?$/.test(tokens[at] ?? '')) {
      at += 2;
      return undefined;
    }
    if (TRUE_NAMES.has(token)) return true;
    if (FALSE_NAMES.has(token)) return false;
    return undefined;
  };
  const and = (): Tri => {
    let value = atom();
    while (tokens[at] === 'and') {
      at += 1;
      const next = atom();
      value = value === false || next === false ? false : value === undefined || next === undefined ? undefined : true;
    }
    return value;
  };
  const or = (): Tri => {
    let value = and();
    while (tokens[at] === 'or') {
      at += 1;
      const next = and();
      value = value === true || next === true ? true : value === undefined || next === undefined ? undefined : false;
    }
    return value;
  };
  const value = or();
  return at === tokens.length ? value : undefined;
}

/** Drops the lines whose selector is false on Linux x86-64 and strips the selector comment from the others. */
export function applySelectors(text: string): string {
  return text
    .split(/\r?\n/)
    .flatMap((line) => {
      const match = SELECTOR.exec(line);
      if (match === null) return [line];
      return evaluateSelector(match[2] ?? '') === false ? [] : [match[1] ?? ''];
    })
    .join('\n');
}
