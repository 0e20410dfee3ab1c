/** Splits a package spec as an agent writes it (PEP 508, npm `name@range`, conda MatchSpec) into name and the rest. */
import { GuardError } from '../../shared/errors.js';
import { type Ecosystem, type PackageSpec } from './types.js';

// Name runs stop at the characters that start the version part; what they let through
// (odd letters, confusables) is kept as written for validation to report.
const PYPI_HEAD = /^([^\s[\]();@<>=!~,]+)\s*(?:\[([^\]]*)\])?\s*/;
const PYPI_EXTRA = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const PYPI_CLAUSE = /^\s*(?:===|~=|==|!=|<=|>=|<|>)\s*[^\s,;()<>=!~]+\s*$/;
const CONDA_HEAD = /^([^\s[\]()<>=!~,|;]+)/;
const CONDA_OPERATOR_START = /^[=<>!~]/;
const CONDA_BRACKET_ITEM = /\s*([A-Za-z_]+)\s*=\s*(?:'([^']*)'|"([^"]*)"|([^\s,'"]+))?\s*(?:,|$)/y;

/**
 * Splits `input` into the name and its constraint, extras (PyPI), url (PyPI), channel (conda) or
 * alias (npm), each as written; environment markers are dropped. Input that does not parse as a
 * spec comes back whole (trimmed) as `name`, for name validation to reject.
 * Throws GuardError `INPUT_INVALID` for empty or blank input, and nothing else.
 */
export function parseSpec(ecosystem: Ecosystem, input: string): PackageSpec {
  const text = input.trim();
  if (text.length === 0) {
    throw new GuardError('INPUT_INVALID', `empty ${ecosystem} package spec: saw "${input}"`, {
      hint: 'give a package name, optionally with a version, such as "requests==2.31" or "lodash@^4"',
    });
  }
  const parsed = parseTrimmed(ecosystem, text);
  return parsed === undefined ? { input, name: text } : { input, ...parsed };
}

type SpecParts = Omit<PackageSpec, 'input'>;

function parseTrimmed(ecosystem: Ecosystem, text: string): SpecParts | undefined {
  switch (ecosystem) {
    case 'pypi':
      return parsePypiSpec(text);
    case 'npm':
      return parseNpmSpec(text, true);
    case 'conda':
      return parseCondaSpec(text);
  }
}

function parsePypiSpec(text: string): SpecParts | undefined {
  const head = PYPI_HEAD.exec(text);
  if (head?.[1] === undefined) return undefined;
  const spec: SpecParts = { name: head[1] };
  if (head[2] !== undefined) {
    const extras = head[2]
      .split(',')
      .map((extra) => extra.trim())
      .filter((extra) => extra.length > 0);
    if (!extras.every((extra) => PYPI_EXTRA.test(extra))) return undefined;
    spec.extras = extras;
  }
  const rest = text.slice(head[0].length);
  if (rest.startsWith('@')) {
    // PEP 508: a marker after a URL must follow whitespace, since `;` may occur inside the URL.
    const target = rest.slice(1);
    const marker = target.search(/\s;/);
    const url = (marker === -1 ? target : target.slice(0, marker)).trim();
    if (url.length === 0 || /\s/.test(url)) return undefined;
    spec.url = url;
    return spec;
  }
  const semicolon = rest.indexOf(';');
  let version = (semicolon === -1 ? rest : rest.slice(0, semicolon)).trim();
  if (version.startsWith('(') && version.endsWith(')')) version = version.slice(1, -1).trim();
  if (version.length === 0) return spec;
  if (!version.split(',').every((clause) => PYPI_CLAUSE.test(clause))) return undefined;
  spec.constraint = version;
  return spec;
}

function parseNpmSpec(text: string, allowAlias: boolean): SpecParts | undefined {
  // A scoped name's own `@` comes first; the version separator is the next `@` after its `/`.
  const from = text.startsWith('@') ? text.indexOf('/') : 0;
  if (from === -1) return undefined;
  const at = text.indexOf('@', from);
  const name = at === -1 ? text : text.slice(0, at);
  if (name.length === 0 || /\s/.test(name)) return undefined;
  if (at === -1) return { name };
  const range = text.slice(at + 1).trim();
  if (range.startsWith('npm:')) {
    if (!allowAlias) return undefined;
    const target = parseNpmSpec(range.slice('npm:'.length).trim(), false);
    return target === undefined ? undefined : { ...target, alias: name };
  }
  return range.length === 0 ? { name } : { name, constraint: range };
}

function parseCondaSpec(text: string): SpecParts | undefined {
  const separator = text.indexOf('::');
  const channel = separator === -1 ? undefined : text.slice(0, separator).trim();
  if (channel !== undefined && (channel.length === 0 || /\s/.test(channel))) return undefined;
  const body = separator === -1 ? text : text.slice(separator + 2).trim();
  const head = CONDA_HEAD.exec(body);
  if (head?.[1] === undefined) return undefined;
  const spec: SpecParts = { name: head[1] };
  if (channel !== undefined) spec.channel = channel;
  const rest = body.slice(head[0].length);
  if (rest.length === 0) return spec;
  if (rest.startsWith('[')) return parseCondaBrackets(rest, spec);
  if (!CONDA_OPERATOR_START.test(rest) && !/^\s/.test(rest)) return undefined;
  spec.constraint = rest.trim();
  return spec;
}

function parseCondaBrackets(rest: string, spec: SpecParts): SpecParts | undefined {
  if (!rest.endsWith(']')) return undefined;
  const inner = rest.slice(1, -1);
  // Values may be quoted and hold commas (`version='>=1.2,<2'`), so items are read in sequence.
  const item = new RegExp(CONDA_BRACKET_ITEM);
  while (item.lastIndex < inner.length) {
    const match = item.exec(inner);
    if (match === null) return inner.slice(item.lastIndex).trim().length === 0 ? spec : undefined;
    const value = (match[2] ?? match[3] ?? match[4] ?? '').trim();
    if (match[1] === 'version' && value.length > 0) spec.constraint = value;
    if (match[1] === 'channel' && value.length > 0) spec.channel ??= value;
  }
  return spec;
}
