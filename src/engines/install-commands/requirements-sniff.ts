/**
 * Whether a text whose file name says nothing (`deps.txt`, `ci/constraints`, `reqs.pip`) reads as a
 * pip requirements file, and whether a YAML text is a conda environment file: how an edit of such a
 * file is recognised as an edit of what a later install reads. Pure.
 */
import { parseRequirement } from './pep508.js';
import { logicalLines } from './requirements-file.js';

/**
 * True when every logical line of `text` (pip's joining of continuations and dropping of comments)
 * is an option line (`-r x`, `--index-url …`, `-e .`) or a requirement pip reads (PEP 508, a URL, a
 * local path or archive), and there is at least one line. Prose, code and configuration files fail on
 * their first line that is none of these.
 */
export function readsAsRequirements(text: string): boolean {
  const lines = logicalLines(text);
  return lines.length > 0 && lines.every(({ text: line }) => readsAsRequirementLine(line));
}

function readsAsRequirementLine(line: string): boolean {
  if (line.startsWith('-')) return /^-{1,2}[A-Za-z]/.test(line);
  // pip cuts `args` at the first word starting with `-` (`name --hash=…`).
  const words = line.split(' ');
  const first = words.findIndex((word) => word.startsWith('-'));
  const head = words
    .slice(0, first === -1 ? words.length : first)
    .join(' ')
    .trim();
  if (/^(?:[a-z][a-z0-9+.-]*:\/\/|git\+|hg\+|svn\+|bzr\+|file:)/i.test(head)) return true;
  if (/^(?:\.{1,2}[\\/]|\/|~[\\/])/.test(head)) return true;
  const requirement = head.split(';')[0]?.trim() ?? '';
  return !('error' in parseRequirement(requirement));
}

/**
 * True when `text` is YAML whose top level has a `dependencies:` key (the shape of a conda
 * environment file: `conda env create -f`, `mamba env update --file`), read line by line.
 */
export function readsAsCondaEnvironment(text: string): boolean {
  const body = text.replace(/^\uFEFF/, '');
  if (!/^dependencies\s*:/m.test(body)) return false;
  // A workflow or a compose file also has top-level keys, but none of a conda file's own.
  const keys = [...body.matchAll(/^([A-Za-z_][\w-]*)\s*:/gm)].map((m) => m[1] ?? '');
  return keys.every((key) => ['name', 'channels', 'dependencies', 'prefix', 'variables', 'channel_priority', 'platforms'].includes(key));
}
