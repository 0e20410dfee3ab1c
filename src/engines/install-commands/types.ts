/** What an install command asks for, as the package manager itself would read it. */
import { type Ecosystem } from '../package-names/index.js';
import { type ManagerName } from '../installer-grammar/index.js';

/** The package managers the parsers read (the installer grammar's list). */
export type PackageManager = ManagerName;

/** Where a requested package comes from. Only `registry` targets are checked as names. */
export type TargetKind = 'registry' | 'path' | 'vcs' | 'url' | 'workspace' | 'editable';

export interface InstallTarget {
  ecosystem: Ecosystem;
  kind: TargetKind;
  /** The argument or requirement line as written. */
  raw: string;
  /** Registry name (for `registry`; the real name behind an npm alias). */
  name?: string;
  /** The spec to hand to the name check: name plus version constraint (`requests==2.31`, `lodash@^4`). */
  spec?: string;
  /** Path, VCS or URL location for non-registry targets. */
  location?: string;
  /** Where it was found: `argv`, or a requirements / package.json file and line. */
  origin: string;
}

export interface InstallRequest {
  manager: PackageManager;
  /** True when the command installs or runs packages (false: `pip list`, `npm test` …). */
  installs: boolean;
  targets: InstallTarget[];
  /** Index / registry URLs the command points at (`-i`, `--extra-index-url`, `--registry`, `-c`). */
  indexes: string[];
  /**
   * Those of `indexes` read beside the default index, not instead of it: pip's and uv's `--extra-index-url`
   * and `--find-links` on the command line, absent under `--no-index`. Unmarked indexes count as replacing it.
   */
  extraIndexes?: string[];
  /** Files read to find targets (requirements, constraints, package.json). */
  files: string[];
  /** What could not be read statically (a missing -r file, `${VAR}` without a value, …). */
  unresolved: UnresolvedPart[];
}

/** A part of a request that could not be read statically. */
export interface UnresolvedPart {
  what: string;
  why: string;
  /**
   * The word after an unknown option, read as the package it may be (`pip install -y plumbum`):
   * when it names an existing package, both readings (a flag then a package, or the option's
   * value) install only existing packages and the part is no doubt. It never becomes a target.
   */
  maybePackage?: InstallTarget;
}

/** File access for parsers that follow `-r` files and package.json: injected, so parsers stay pure. */
export interface FileReader {
  /** The file's text, or undefined when it does not exist. Paths are resolved by the caller's cwd. */
  readText(path: string): string | undefined;
  /** The names of the directories in `path` (undefined when it is not a directory); optional. */
  listDirectories?(path: string): string[] | undefined;
}
