/** Finds the pieces of a text (an argument, a string literal in code) that may be shell code running a package manager. */

// Names that make a string worth parsing as shell code.
const PM_TOKEN =
  /(?<![A-Za-z0-9_.\-/])(?:[\w./~-]*\/)?(pip(?:-?\d+(?:\.\d+)*)?|python\d*(?:\.\d+)?|pypy\d*|uvx?|poetry|pipx|npm|npx|pnpm|pnpx|yarn|yarnpkg|bunx?|conda|mamba|micromamba|pdm|pipenv|hatch|rye|pixi|deno|volta|fnm|mise|easy_install|corepack|node|sh|bash|zsh|dash)(?![A-Za-z0-9_-])/g;

/**
 * Strings that may hold shell code running a package manager: each piece starting at a
 * package-manager (or shell) word that is not inside an earlier piece, cut before the closing quote or
 * bracket that ends it in its host language. Empty when the text names none.
 */
export function embeddedScripts(text: string): string[] {
  const scripts: string[] = [];
  let covered = -1;
  for (const match of text.matchAll(PM_TOKEN)) {
    const start = match.index;
    // A name inside a piece already found is one of its words (`pip install -U pip setuptools`), parsed with it.
    if (start < covered) continue;
    let end = text.length;
    for (const ch of [')', ']', '}', '"', "'", '`']) {
      const at = text.indexOf(ch, start + match[0].length);
      if (at >= 0 && at < end) end = at;
    }
    scripts.push(text.slice(start, end));
    covered = end;
  }
  return scripts;
}
