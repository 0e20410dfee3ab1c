/**
 * Use case: vet an edit an agent is about to make to a dependency manifest (requirements*.txt,
 * pyproject.toml, package.json, environment.yml). Only what the edit adds is vetted: packages,
 * index URLs and unreadable parts that the file does not already have.
 */
import { resolve } from 'node:path';
import type { NameIndex } from '../../engines/package-names/index.js';
import { parseManifestFile, type InstallRequest, type InstallTarget } from '../../engines/install-commands/index.js';
import { decideUnverifiable, type Policy } from '../../engines/policy/index.js';
import { malformedText } from '../../engines/shell-commands/index.js';
import { policyInForce } from '../../config/policy-in-force.js';
import { type Env } from '../../shared/paths.js';
import { type ProgressStream } from '../../shared/progress.js';
import { withNameLists } from '../packages/held-name-lists.js';
import { createFsFileReader } from './fs-file-reader.js';
import { combineVerdicts, type GuardVerdict } from './guard-verdict.js';
import { vetInstallRequest } from './vet-install.js';

export interface FileEdit {
  /** The file's absolute path (or relative to `cwd`). */
  path: string;
  /** The file's whole text once the edit is made. */
  after: string;
}

export interface FileEditVerdict extends GuardVerdict {
  /** What the edit adds, as vetted. */
  added: InstallRequest;
}

export interface FileEditDeps {
  cwd: string;
  env: Env;
  stderr?: ProgressStream;
  now?: Date;
  policy?: Policy;
  /** The process's loaded name lists (app/services.ts). */
  nameLists?: Map<string, NameIndex[]>;
}

/**
 * The verdict on the dependencies `edit` adds to its file (compared with the file on disk now);
 * undefined when the file is not a dependency manifest. Nested files (`-r other.txt`) are read from
 * disk. Throws CONFIG_INVALID for an invalid policy and the FileReader's faults.
 */
export async function guardFileEdit(edit: FileEdit, deps: FileEditDeps): Promise<FileEditVerdict | undefined> {
  // One load of the name lists for the file and the sources it names, closed after it unless the caller holds them.
  return withNameLists(deps, (held) => guardWithLists(edit, held));
}

async function guardWithLists(edit: FileEdit, deps: FileEditDeps): Promise<FileEditVerdict | undefined> {
  const { isInstallSource } = await import('./edited-install-sources.js');
  const source = isInstallSource(edit.path);
  const { configEditRequest } = await import('./config-edit-indexes.js');
  const config = configEditRequest(edit.path, createFsFileReader(deps.cwd).readText(edit.path), edit.after);
  const { editedManifest } = await import('./edited-file-kind.js');
  const manifest = editedManifest(resolve(deps.cwd, edit.path), edit.after, deps.cwd, deps.env.HOME);
  if (!source && config === undefined && manifest === undefined) return undefined;
  const policy = deps.policy ?? (await policyInForce({ cwd: deps.cwd, env: deps.env })).policy;
  // A package manager's configuration file: the index URLs it adds are judged as `--index-url` is.
  const configVerdict = config?.installs
    ? combineVerdicts([{ label: edit.path, verdict: await vetInstallRequest(config, { ...deps, policy }) }], [])
    : undefined;
  if (config !== undefined && (!source || configVerdict !== undefined) && manifest === undefined)
    return configVerdict === undefined ? undefined : { ...configVerdict, added: config };
  // Not well-formed text (a lone surrogate, a NUL): the parsers and the tool that later reads the file
  // (written as UTF-8, U+FFFD in its place) would not see the same lines, so nothing in it is vetted.
  const malformed = malformedText(edit.after);
  if (malformed !== undefined) {
    const message = `the new text of ${edit.path} cannot be read reliably: ${malformed.replace('the text', 'it')}; write it as well-formed UTF-8`;
    const decision = decideUnverifiable(edit.path, message, policy);
    return { ...combineVerdicts([], [{ text: edit.path, message, decision }]), added: emptyRequest() };
  }
  const sources = source ? await (await import('./guard-edited-sources.js')).guardEditedSources(edit, { ...deps, policy }) : undefined;
  const extra = configVerdict === undefined || sources === undefined ? (configVerdict ?? sources) : mergeVerdicts(configVerdict, sources);
  if (manifest === undefined) return extra === undefined ? undefined : { ...extra, added: emptyRequest() };
  const context = { cwd: deps.cwd, env: { ...deps.env } };
  const file = resolve(deps.cwd, edit.path);
  const before = parseManifestFile(file, { ...context, files: createFsFileReader(deps.cwd) }, manifest.kind);
  const afterFiles = createFsFileReader(deps.cwd, { overrides: new Map([[file, edit.after]]) });
  const after = parseManifestFile(file, { ...context, files: afterFiles }, manifest.kind);
  if (before === undefined || after === undefined) return undefined;
  // A nested file (`-r other.txt`) that is not there stops any install from this file before it
  // installs anything; once written, that file's own edit is vetted.
  const found = addedBy(before, after);
  const added = { ...found, unresolved: found.unresolved.filter((u) => !/\bfile not found \(from [^)]*:\d+\)$/.test(u.why)) };
  const verdict = await vetInstallRequest(added, { ...deps, policy });
  const own = combineVerdicts([{ label: edit.path, verdict }], []);
  return { ...(extra === undefined ? own : mergeVerdicts(own, extra)), added };
}

/** What `after` asks for that `before` does not: targets (by spec or location), indexes, unresolved parts. */
function addedBy(before: InstallRequest, after: InstallRequest): InstallRequest {
  const had = new Set(before.targets.map(targetKey));
  const hadIndexes = new Set(before.indexes);
  const hadUnresolved = new Set(before.unresolved.map(unresolvedKey));
  return {
    ...after,
    installs: true,
    targets: after.targets.filter((t) => !had.has(targetKey(t))),
    indexes: after.indexes.filter((i) => !hadIndexes.has(i)),
    unresolved: after.unresolved.filter((u) => !hadUnresolved.has(unresolvedKey(u))),
  };
}

// An unresolved part's `why` ends with where it was found (`(requirements.txt:3)`), which moves with edits above it.
function unresolvedKey(part: { what: string; why: string }): string {
  return `${part.what}\0${part.why.replace(/\s*\([^()]*\)$/, '')}`;
}

function targetKey(target: InstallTarget): string {
  return [target.ecosystem, target.kind, target.name ?? '', target.spec ?? target.location ?? target.raw.trim()].join('\0');
}

function emptyRequest(): InstallRequest {
  return { manager: 'pip', installs: false, targets: [], indexes: [], files: [], unresolved: [] };
}

/** Two verdicts on one edit as one: the worst, with both reasons, suggestions and reports. */
function mergeVerdicts(a: GuardVerdict, b: GuardVerdict): GuardVerdict {
  const order = { block: 0, warn: 1, allow: 2 } as const;
  return {
    verdict: order[a.verdict] <= order[b.verdict] ? a.verdict : b.verdict,
    reasons: [...new Set([...a.reasons, ...b.reasons])],
    suggestions: [...a.suggestions, ...b.suggestions],
    report: a.report + b.report,
  };
}
