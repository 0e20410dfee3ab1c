/**
 * What the real-world install corpus tooling shares: how install commands are found in a file's
 * text, how a record's id is derived, and the fixed split by repository.
 */
import { createHash } from 'node:crypto';
import { type CorpusRecord } from '../bench/install-guard-real-world.js';

// A command line starts with a program or shell syntax, not with prose.
const SHELL_START =
  /^(sudo\s+|[A-Z_][A-Z0-9_]*=\S*\s+)*(pip3?|python3?(\.\d+)?|uv|uvx|pipx|poetry|pdm|pipenv|npm|npx|pnpx|bunx|yarn|pnpm|bun|conda|mamba|micromamba|cd|export|source|\.|\[|if|env|apt-get|apt|curl|git|mkdir|set|for|echo|apk|brew|time|wget|chmod|ln|rm|cp|~?\/[\w.~-][\w/.~-]*|\$\{?[A-Za-z_]\w*\}?\/[\w/.~-]*)(\s|$)/;
const INSTALL =
  /\b(pip3?|python3?\s+-m\s+pip|uv|npm|yarn|pnpm|bun|conda|mamba|micromamba|poetry|pdm|pipenv|pipx)\s+(?:[-\w=.]+\s+)*?(install|add|i|ci|create|update|sync)\b|\bpipx\s+run\b|(^|[\s;&|(])(npx|pnpx|bunx|uvx)\s+\S/;

/** Fixed split by repository: a hash of the name, so the same repository always falls on the same side. */
export function splitOf(repo: string): 'tune' | 'heldout' {
  return createHash('sha256').update(repo.toLowerCase()).digest()[0]! % 2 === 0 ? 'tune' : 'heldout';
}

/** A record's id: a hash of its repository, path, line and text. */
export function idOf(record: Pick<CorpusRecord, 'repo' | 'path' | 'line' | 'command' | 'file'>): string {
  return createHash('sha256')
    .update(`${record.repo}\0${record.path}\0${record.line}\0${record.command ?? record.file?.content ?? ''}`)
    .digest('hex')
    .slice(0, 12);
}

/** Install commands in a text file: shell-ish lines (code blocks, `$ ` prompts, RUN, run:) joined over `\` continuations. */
export function commandsIn(text: string, markdownOnlyInCode: boolean): Array<{ line: number; command: string }> {
  const lines = text.split(/\r?\n/);
  const found: Array<{ line: number; command: string }> = [];
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (/^\s*(```|~~~)/.test(raw)) {
      inFence = !inFence;
      continue;
    }
    let text = raw.trim();
    // Dockerfile: `RUN [--mount=… …] \` alone on its line starts its command on the next line.
    let k = i;
    if (/^RUN\s/.test(text)) {
      text = text.replace(/^RUN\s+((?:--[\w-]+=\S+\s*)*)/, 'RUN ');
      while (/^RUN\s*\\$/.test(text) && k + 1 < lines.length) {
        k++;
        const next = lines[k]!.trim().replace(/^((?:--[\w-]+=\S+\s*)*)/, '');
        if (next !== '' && !next.startsWith('#')) text = `RUN ${next}`;
      }
    }
    const indented = /^( {4,}|\t)/.test(raw);
    if (markdownOnlyInCode && !inFence && !indented && !/^\$ /.test(text) && !/^`[^`]+`$/.test(text)) continue;
    // Prose that quotes a command: keep only the quoted command.
    const quoted = /``?([^`]+)``?/.exec(text);
    if (quoted && INSTALL.test(quoted[1]!) && !/^`/.test(text)) text = quoted[1]!;
    // A Makefile recipe line may start with `@` (not echoed) or `-` (errors ignored).
    text = text.replace(/^[@-]+(?=[a-z])/, '');
    // A line that is one inline-code span (`npm i x`) is the command inside it.
    text = text.replace(/^`\s*([^`]+?)\s*`$/, '$1');
    if (!SHELL_START.test(text.replace(/^(\$|>|RUN|run:|- run:)\s+/, ''))) continue;
    text = text
      .replace(/^`([^`]+)`$/, '$1')
      .replace(/^(\$|>)\s+/, '')
      .replace(/^(RUN|run:|- run:)\s+/, '')
      .replace(/^-\s+/, '');
    if (text.startsWith('#')) continue;
    let command = text;
    let j = k;
    // Continued lines: a trailing backslash, or an operator that needs a next command.
    while (/(\\|&&|\|\||\|)$/.test(command) && j + 1 < lines.length) {
      j++;
      // Docker drops comment lines inside a continued RUN; a blank line ends nothing either.
      if (/^\s*#/.test(lines[j]!) && /^RUN\s/.test(raw.trim())) continue;
      command = command.endsWith('\\') ? `${command.slice(0, -1).trimEnd()} ${lines[j]!.trim()}` : `${command} ${lines[j]!.trim()}`;
    }
    // The install may be on a continued line (`RUN set -ex && \\` then `npm install -g x`).
    if (!INSTALL.test(command)) continue;
    const first = i;
    // Lines joined into this command are not commands of their own.
    i = j;
    if (command.length > 2000) continue;
    found.push({ line: first + 1, command });
  }
  return found;
}
