/**
 * Use case behind `guard scan`: every dependency a repository declares (manifests and lock files
 * of every kind the install-commands engine reads), vetted file by file with the name lists and
 * the policy in force, as findings with file and line. Read-only; no network.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { policyInForce } from '../../config/policy-in-force.js';
import { manifestKind, parseManifestFile, type ManifestKind } from '../../engines/install-commands/index.js';
import { type Policy } from '../../engines/policy/index.js';
import { GuardError } from '../../shared/errors.js';
import { type Env } from '../../shared/paths.js';
import { type ProgressStream } from '../../shared/progress.js';
import { worstVerdict, type Verdict } from '../../shared/verdict.js';
import { createFsFileReader } from './fs-file-reader.js';
import { vetInstallRequest } from './vet-install.js';

/** Folders never scanned: installed packages, caches and VCS data, not what the repository declares. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  '.hg',
  '.svn',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  '__pycache__',
  '.mypy_cache',
  '.pytest_cache',
  '.cache',
  '.next',
  '.yarn',
  'site-packages',
  '.pixi',
  'bower_components',
]);
const MAX_ENTRIES = 200_000;
const LOCK_KINDS: ReadonlySet<ManifestKind> = new Set(['package-lock', 'pnpm-lock', 'yarn-lock']);

export interface ScanFinding {
  /** Relative to the scanned root, with forward slashes. */
  file: string;
  line: number;
  verdict: Exclude<Verdict, 'allow'>;
  /** A stable code: the policy's or the name check's (`not_found`, `suspected_typosquat`, `unverifiable` …). */
  code: string;
  message: string;
  ecosystem?: string;
  /** The package name (or location) it is about. */
  subject?: string;
  /** The nearest real names, best first. */
  suggestions?: string[];
}

export interface ScannedFile {
  file: string;
  kind: ManifestKind;
  /** Declared dependencies (targets) in the file. */
  dependencies: number;
}

export interface ScanReport {
  root: string;
  verdict: Verdict;
  files: ScannedFile[];
  dependencies: number;
  findings: ScanFinding[];
}

export interface ScanDeps {
  env: Env;
  stderr?: ProgressStream;
  now?: Date;
  policy?: Policy;
}

/** Scans `root`. Throws INPUT_INVALID when it is not a readable directory, CONFIG_INVALID for an invalid policy. */
export async function scanRepository(root: string, deps: ScanDeps): Promise<ScanReport> {
  const paths = findManifests(root);
  const policy = deps.policy ?? (await policyInForce({ cwd: root, env: deps.env })).policy;
  const files: ScannedFile[] = [];
  const findings: ScanFinding[] = [];
  // Lock files of large monorepos pass the 5 MiB the hooks allow.
  const reader = createFsFileReader(root, { maxBytes: 64 * 1024 * 1024 });
  for (const path of paths) {
    const file = toPosix(relative(root, path));
    const request = parseManifestFile(path, { cwd: dirname(path), env: { ...deps.env }, files: reader });
    if (request === undefined) continue;
    files.push({ file, kind: manifestKind(path)!, dependencies: request.targets.length });
    const vetted = await vetInstallRequest(request, {
      cwd: root,
      env: deps.env,
      policy,
      ...(deps.stderr ? { stderr: deps.stderr } : {}),
      ...(deps.now ? { now: deps.now } : {}),
    });
    const kind = manifestKind(path)!;
    for (const { target, check, decision } of vetted.targets) {
      if (decision.verdict === 'allow') continue;
      // A lock file records a package the registry served (`buffer`, `string_decoder` …): the
      // name check's "that is a Node.js core module, nothing to install" is about commands, not locks.
      if (LOCK_KINDS.has(kind) && decision.reasons.every((r) => r.code === 'node_core_module')) continue;
      const reason = decision.reasons[0];
      const suggestions = check?.suggestions.map((s) => s.name).slice(0, 3) ?? [];
      findings.push({
        file,
        line: lineOf(target.origin) ?? lineNaming(reader.readText(path), target.name ?? target.raw),
        verdict: decision.verdict,
        code: reason?.code ?? decision.rule,
        message: decision.reasons.map((r) => r.message).join('; ') || `${target.raw} is not allowed (${decision.rule})`,
        ecosystem: target.ecosystem,
        subject: target.name ?? target.location ?? target.raw,
        ...(suggestions.length > 0 ? { suggestions } : {}),
      });
    }
    // What is not about one target: parts that could not be read, index URLs the policy refuses.
    for (const reason of vetted.decision.reasons) {
      if (vetted.decision.verdict === 'allow' || (reason.code !== 'unverifiable' && reason.code !== 'registry_not_allowed')) continue;
      findings.push({
        file,
        line: 1,
        verdict: vetted.decision.verdict,
        code: reason.code,
        message: reason.message,
        ...(reason.subject ? { subject: reason.subject } : {}),
      });
    }
  }
  const dependencies = files.reduce((sum, f) => sum + f.dependencies, 0);
  return { root, verdict: worstVerdict(['allow', ...findings.map((f) => f.verdict)]), files, dependencies, findings };
}

/** Manifest and lock files under `root`, sorted, without following links or entering SKIPPED_DIRS. */
export function findManifests(root: string): string[] {
  const found: string[] = [];
  const pending = [root];
  let seen = 0;
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (dir === root)
        throw new GuardError('INPUT_INVALID', `cannot read ${root}: ${(error as Error).message}`, {
          hint: 'pass a repository directory: guard scan [dir]',
          cause: error,
        });
      continue;
    }
    for (const entry of entries) {
      if ((seen += 1) > MAX_ENTRIES)
        throw new GuardError('INPUT_INVALID', `${root} holds more than ${MAX_ENTRIES} files and folders outside node_modules and caches`, {
          hint: 'scan the repository root, not a home or system directory',
        });
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) pending.push(path);
      } else if (entry.isFile() && manifestKind(path) !== undefined) found.push(path);
    }
  }
  return found.sort();
}

/** The line an origin names (`requirements.txt:3`); undefined when it names none. */
function lineOf(origin: string): number | undefined {
  const match = /:(\d+)$/.exec(origin);
  return match ? Number(match[1]) : undefined;
}

/** For readers whose origins carry no line (pyproject.toml): the first line that names `name`, else 1. */
function lineNaming(text: string | undefined, name: string): number {
  if (text === undefined || name === '') return 1;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|[^A-Za-z0-9_.-])${escaped}($|[^A-Za-z0-9_.-])`, 'i');
  const at = text.split(/\r?\n/).findIndex((line) => pattern.test(line));
  return at === -1 ? 1 : at + 1;
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
