/** Package-name normalisation and validation per ecosystem (PEP 503/508, npm's naming rules, conda). */
import { type Ecosystem } from './types.js';

export type NameValidation = { valid: true } | { valid: false; message: string };

const PYPI_NAME = /^([A-Z0-9]|[A-Z0-9][A-Z0-9._-]*[A-Z0-9])$/i;
const PYPI_CHAR = /[A-Z0-9._-]/i;
const CONDA_NAME = /^[a-z0-9_][a-z0-9_.+-]*$/;
const CONDA_CHAR = /[a-z0-9_.+-]/;
const NPM_MAX_LENGTH = 214;
const NPM_EXCLUDED = new Set(['node_modules', 'favicon.ico']);
const NPM_SCOPED = /^(?:@([^/]+?)[/])?([^/]+?)$/;
const NPM_LEGACY_SPECIALS = /[~'!()*]/;

/**
 * The name as the registry compares it: PyPI per PEP 503 (lower-case, runs of `-_.` become `-`),
 * npm trimmed with case kept (the registry is exact and legacy upper-case names exist), conda
 * lower-case. Idempotent.
 */
export function normalizeName(ecosystem: Ecosystem, name: string): string {
  const trimmed = name.trim();
  switch (ecosystem) {
    case 'pypi':
      return trimmed.toLowerCase().replace(/[-_.]+/g, '-');
    case 'npm':
      return trimmed;
    case 'conda':
      return trimmed.toLowerCase();
  }
}

/** Whether lower-casing changes the name (npm refuses such names for new packages). */
export function hasUpperCase(name: string): boolean {
  return name.toLowerCase() !== name;
}

/**
 * Checks that the name is well formed for the ecosystem; the message says what is wrong.
 * npm follows validate-npm-package-name's rules for new packages, so legacy upper-case names
 * are reported invalid (see `hasUpperCase` to tell them apart); core-module names are not
 * checked here.
 */
export function validateName(ecosystem: Ecosystem, name: string): NameValidation {
  switch (ecosystem) {
    case 'pypi':
      return validatePypiName(name);
    case 'npm':
      return validateNpmName(name);
    case 'conda':
      return validateCondaName(name);
  }
}

function validatePypiName(name: string): NameValidation {
  if (PYPI_NAME.test(name)) return { valid: true };
  if (name.length === 0) return invalid('a PyPI name cannot be empty');
  const bad = firstInvalidChar(name, PYPI_CHAR);
  if (bad !== undefined) {
    return invalid(`a PyPI name may only contain ASCII letters, digits, ".", "_" and "-"; saw ${describeChar(bad)}`);
  }
  return invalid(`a PyPI name must start and end with a letter or digit; saw "${name}"`);
}

function validateCondaName(name: string): NameValidation {
  const lower = name.toLowerCase();
  if (CONDA_NAME.test(lower)) return { valid: true };
  if (lower.length === 0) return invalid('a conda name cannot be empty');
  const bad = firstInvalidChar(lower, CONDA_CHAR);
  if (bad !== undefined) {
    return invalid(`a conda name may only contain letters, digits, "_", ".", "-" and "+"; saw ${describeChar(bad)}`);
  }
  return invalid(`a conda name must start with a letter, digit or "_"; saw "${name}"`);
}

function validateNpmName(name: string): NameValidation {
  if (name.length === 0) return invalid('an npm name cannot be empty');
  const problems: string[] = [];
  if (name.startsWith('.')) problems.push('an npm name cannot start with "."');
  if (name.startsWith('_')) problems.push('an npm name cannot start with "_"');
  if (name.trim() !== name) problems.push('an npm name cannot have leading or trailing whitespace');
  if (NPM_EXCLUDED.has(name.toLowerCase())) problems.push(`"${name}" is not a valid npm name`);
  if (name.length > NPM_MAX_LENGTH) {
    problems.push(`an npm name can have at most ${NPM_MAX_LENGTH} characters; saw ${name.length}`);
  }
  if (hasUpperCase(name)) problems.push('new npm names must be lower-case');
  if (NPM_LEGACY_SPECIALS.test(name.slice(name.lastIndexOf('/') + 1))) {
    problems.push(`new npm names cannot contain any of ~'!()*`);
  }
  if (!isUrlSafe(name)) {
    const scoped = NPM_SCOPED.exec(name);
    const scope = scoped?.[1];
    const bare = scoped?.[2];
    if (scope !== undefined && bare !== undefined) {
      if (bare.startsWith('.')) problems.push('a scoped npm name cannot start with "."');
      if (!isUrlSafe(scope) || !isUrlSafe(bare)) problems.push(urlSafeProblem(scope + bare));
    } else {
      problems.push(urlSafeProblem(name));
    }
  }
  return problems.length === 0 ? { valid: true } : invalid(problems.join('; '));
}

function urlSafeProblem(text: string): string {
  const bad = [...text].find((char) => !isUrlSafe(char)) ?? text;
  return (
    'an npm name may only contain URL-safe characters (letters, digits, "-", ".", "_") ' +
    `after an optional "@scope/"; saw ${describeChar(bad)}`
  );
}

function isUrlSafe(text: string): boolean {
  try {
    return encodeURIComponent(text) === text;
  } catch {
    // A lone surrogate makes encodeURIComponent throw: certainly not URL-safe.
    return false;
  }
}

function firstInvalidChar(name: string, allowed: RegExp): string | undefined {
  return [...name].find((char) => !allowed.test(char));
}

function describeChar(char: string): string {
  if (/^[\x21-\x7e]$/.test(char)) return `"${char}"`;
  const codePoint = char.codePointAt(0) ?? 0;
  return `${JSON.stringify(char)} (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')})`;
}

function invalid(message: string): NameValidation {
  return { valid: false, message };
}
