/** Classifies one npm-family package argument (npm's own grammar, via npm-package-arg) as an install target. */
import { createRequire } from 'node:module';
import { type InstallTarget } from './types.js';

/** The part of npm-package-arg's result this module reads (the package ships no types). */
interface NpaResult {
  type: 'git' | 'tag' | 'version' | 'range' | 'file' | 'directory' | 'remote' | 'alias';
  name?: string | null;
  raw: string;
  rawSpec: string;
  saveSpec?: string | null;
  fetchSpec?: string | null;
  subSpec?: NpaResult;
  hosted?: { user: string; project: string } | null;
}

type ParseNpmArg = (arg: string, where?: string) => NpaResult;

let loadedNpa: ParseNpmArg | undefined;

// Loaded on first use so that importing the install-commands engine stays cheap on the hook path.
function parseNpmArg(arg: string): NpaResult {
  loadedNpa ??= createRequire(import.meta.url)('npm-package-arg') as ParseNpmArg;
  // A fixed `where` keeps npm-package-arg from reading process.cwd(); locations are kept as written.
  return loadedNpa(arg, '/');
}

// Protocols npm-package-arg does not know but pnpm, yarn and bun accept after `name@`.
const LOCAL_PROTOCOLS = ['link:', 'portal:'];
const NPM_RANGE_ONLY = /^[\d\s^~<>=*.|xX-]+$/;
const PATH_LIKE = /^(?:\.{1,2}(?:[/\\]|$)|[/\\]|~[/\\]|[A-Za-z]:[/\\]|file:)/i;

/**
 * Classifies `arg` the way `npm install <arg>` would read it: registry names, ranges and tags,
 * `alias@npm:real@range` (named by the real package), git and hosted-git shorthands (`vcs`),
 * tarball URLs (`url`), folders and tarballs (`path`) and `workspace:` specs.
 * `where` becomes the target's origin. Never throws: a spec npm would reject comes back as a
 * `registry` target named by the raw text, so that the name check blocks it.
 */
export function classifyNpmSpec(arg: string, where: string): InstallTarget {
  const text = arg.trim();
  const base = { ecosystem: 'npm' as const, raw: arg, origin: where };
  const protocol = splitProtocol(text);
  if (protocol !== undefined) {
    const { name, scheme, rest } = protocol;
    if (scheme === 'workspace:') return { ...base, kind: 'workspace', name, location: rest };
    if (LOCAL_PROTOCOLS.includes(scheme)) return { ...base, kind: 'path', name, location: rest };
    // pnpm catalogs pin the range elsewhere; the name is still a registry name.
    if (scheme === 'catalog:') return { ...base, kind: 'registry', name, spec: name };
    if (scheme === 'jsr:') return { ...base, kind: 'url', name, location: `jsr:${rest}` };
    if (scheme === 'patch:') return classifyPatched(text, rest, base);
    // Yarn and pnpm read `name@npm:^1.2` (a range, no name) as `name@^1.2`; npm would reject it.
    if (scheme === 'npm:' && NPM_RANGE_ONLY.test(rest)) {
      return { ...base, kind: 'registry', name, spec: `${name}@${rest}` };
    }
  }
  const plain = plainRegistrySpec(text);
  if (plain !== undefined) return { ...base, kind: 'registry', name: plain, spec: text };
  return classifyByNpa(text, base);
}

/** `classifyNpmSpec` read by npm-package-arg alone, without the shortcut for plain names (the reference for tests). */
export function classifyNpmSpecByNpa(arg: string, where: string): InstallTarget {
  return classifyByNpa(arg.trim(), { ecosystem: 'npm', raw: arg, origin: where });
}

function classifyByNpa(text: string, base: TargetBase): InstallTarget {
  let parsed: NpaResult;
  try {
    parsed = parseNpmArg(text);
  } catch {
    if (PATH_LIKE.test(text)) return { ...base, kind: 'path', location: stripFileScheme(text) };
    return { ...base, kind: 'registry', name: text, spec: text };
  }
  return fromNpaResult(parsed, text, base);
}

// Lower-case registry names, optionally scoped, and what npm-package-arg reads after `@` as a
// version, a range or a tag without ever refusing it: tag-safe characters (not a leading `.`, a
// path to npm), or a plain comparator
// on a version without a prerelease (`>0-0` is no range and no tag: left to npm-package-arg). Archive-looking names are files to npm and npm refuses two reserved names.
const PLAIN_NAME = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/;
const PLAIN_SPEC = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*|(?:[~^]|[<>]=?|=)?\d+(?:\.(?:\d+|[xX*])){0,2})$/;
const ARCHIVE = /[.](?:tgz|tar\.gz|tar)$/i;

/**
 * The registry name of a spec npm-package-arg reads as a version, range or tag of a valid name
 * (`lodash`, `@types/node@^20`, `react@latest`); undefined for anything else, which is left to
 * npm-package-arg (loading it costs more than the rest of a hook call).
 */
function plainRegistrySpec(text: string): string | undefined {
  const at = text.indexOf('@', 1);
  const name = at === -1 ? text : text.slice(0, at);
  if (name.length > 214 || !PLAIN_NAME.test(name) || ARCHIVE.test(name) || name === 'node_modules' || name === 'favicon.ico')
    return undefined;
  if (at !== -1 && !PLAIN_SPEC.test(text.slice(at + 1))) return undefined;
  return name;
}

type TargetBase = Pick<InstallTarget, 'ecosystem' | 'raw' | 'origin'>;

function fromNpaResult(parsed: NpaResult, text: string, base: TargetBase): InstallTarget {
  const name = parsed.name ?? undefined;
  const named = name === undefined ? {} : { name };
  switch (parsed.type) {
    case 'version':
    case 'range':
    case 'tag':
      return { ...base, kind: 'registry', name: name ?? text, spec: text };
    case 'alias': {
      const real = parsed.subSpec;
      if (real?.name === undefined || real.name === null) {
        return { ...base, kind: 'registry', name: text, spec: text };
      }
      return { ...base, kind: 'registry', name: real.name, spec: real.raw };
    }
    case 'git':
      return { ...base, kind: 'vcs', ...named, location: parsed.saveSpec ?? parsed.rawSpec };
    case 'remote':
      return { ...base, kind: 'url', ...named, location: parsed.rawSpec };
    case 'file':
    case 'directory':
      return { ...base, kind: 'path', ...named, location: stripFileScheme(parsed.rawSpec) };
    default:
      return { ...base, kind: 'registry', name: text, spec: text };
  }
}

function splitProtocol(text: string): { name: string; scheme: string; rest: string } | undefined {
  const at = text.indexOf('@', 1);
  if (at === -1) return undefined;
  const name = text.slice(0, at);
  const spec = text.slice(at + 1);
  const scheme = /^(workspace|link|portal|catalog|jsr|patch|npm):/i.exec(spec);
  if (scheme === null) return undefined;
  return { name, scheme: scheme[0].toLowerCase(), rest: spec.slice(scheme[0].length) };
}

// Yarn's `patch:name@npm%3A1.0.0#./patches/x.patch` installs the inner (URL-encoded) spec, patched.
function classifyPatched(text: string, rest: string, base: TargetBase): InstallTarget {
  const hash = rest.indexOf('#');
  let inner: string;
  try {
    inner = decodeURIComponent(hash === -1 ? rest : rest.slice(0, hash));
  } catch {
    return { ...base, kind: 'registry', name: text, spec: text };
  }
  if (inner.length === 0 || /(?:^|@)patch:/i.test(inner)) {
    return { ...base, kind: 'registry', name: text, spec: text };
  }
  return { ...classifyNpmSpec(inner, base.origin), raw: base.raw };
}

function stripFileScheme(location: string): string {
  if (!/^file:/i.test(location)) return location;
  const rest = location.slice('file:'.length);
  // file:///abs and file://localhost/abs name the absolute path; file:../x is relative.
  return rest.startsWith('//') ? rest.replace(/^\/\/[^/]*/, '') : rest;
}

/**
 * Maps an `npm init <initializer>` / `npm create <initializer>` argument to the package npm runs,
 * as npm does: `foo@1` → `create-foo@1`, `@scope` → `@scope/create`, `@scope/foo` →
 * `@scope/create-foo`, `user/repo` → `user/create-repo`. With `keepCreatePrefix` (pnpm), names
 * that already start with `create-` are kept. Specs that name no package (paths, URLs) are
 * returned unchanged.
 */
export function toInitializerSpec(initializer: string, keepCreatePrefix = false): string {
  const scopeOnly = /^(@[^/@]+)(?:@(.*))?$/.exec(initializer);
  if (scopeOnly !== null) {
    const version = scopeOnly[2];
    return `${scopeOnly[1]}/create${version ? `@${version}` : ''}`;
  }
  let parsed: NpaResult;
  try {
    parsed = parseNpmArg(initializer);
  } catch {
    return initializer;
  }
  if (parsed.type === 'git' && parsed.hosted) {
    const { user, project } = parsed.hosted;
    return initializer.replace(`${user}/${project}`, `${user}/create-${project}`);
  }
  if (!['version', 'range', 'tag'].includes(parsed.type) || !parsed.name) return initializer;
  const name = parsed.name;
  const slash = name.startsWith('@') ? name.indexOf('/') + 1 : 0;
  const bare = name.slice(slash);
  const mapped = keepCreatePrefix && bare.startsWith('create-') ? name : `${name.slice(0, slash)}create-${bare}`;
  return `${mapped}${initializer.slice(name.length)}`;
}
