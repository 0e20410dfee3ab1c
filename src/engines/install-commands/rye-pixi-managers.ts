/**
 * rye and pixi command lines read through the installer grammar's option tables: `rye add`,
 * `rye install`/`rye tools install` name PyPI requirements; `pixi add` names conda MatchSpecs (PyPI
 * requirements with `--pypi`), `pixi global install`/`pixi exec` conda packages (and `--with`,
 * `--spec`). Their project commands (`rye sync`, `pixi install`, `pixi run` …) install what the
 * project's manifest lists: they install here with no target, and the app reads the manifest.
 */
import { PIXI_PACKAGE_OPTIONS, PIXI_VALUED, RYE_PACKAGE_OPTIONS, RYE_VALUED } from '../installer-grammar/index.js';
import { programName } from '../../shared/program-name.js';
import { classifyCondaSpec } from './conda-managers.js';
import { emptyRequest } from './install-request.js';
import { otherCommandRequest } from './known-commands.js';
import { scanOptions, type ScannedArgs, valuedOptionTable } from './option-scan.js';
import { targetFromRequirement } from './requirements-file.js';
import { type InstallRequest, type InstallTarget } from './types.js';

const RYE = valuedOptionTable([...RYE_VALUED, ...RYE_PACKAGE_OPTIONS]);
const PIXI = valuedOptionTable([...PIXI_VALUED, ...PIXI_PACKAGE_OPTIONS]);
const RYE_PROJECT = new Set(['sync', 'lock']);
const PIXI_PROJECT = new Set(['install', 'i', 'run', 'r', 'shell', 'update', 'upgrade', 'lock', 'reinstall', 'shell-hook']);

/** Reads a rye or pixi argv; undefined for other programs. Never throws. */
export function parseRyePixiCommand(argv: readonly string[]): InstallRequest | undefined {
  const program = programName(argv[0] ?? '');
  if (program === 'rye') return parseRye(argv.slice(1));
  if (program === 'pixi') return parsePixi(argv.slice(1));
  return undefined;
}

function values(scanned: ScannedArgs, name: string): string[] {
  return scanned.options.flatMap(([option, value]) => (option === name && value !== undefined ? [value] : []));
}

function has(scanned: ScannedArgs, name: string): boolean {
  return scanned.options.some(([option]) => option === name);
}

function parseRye(args: string[]): InstallRequest {
  const head = scanOptions(args, 0, RYE, 1);
  let [command] = head.positionals;
  let start = head.end;
  if (command === 'tools') {
    const inner = scanOptions(args, start, RYE, 1);
    command = inner.positionals[0] === 'install' ? 'install' : undefined;
    start = inner.end;
  }
  if (command === undefined) return emptyRequest('rye');
  if (RYE_PROJECT.has(command)) return emptyRequest('rye', true);
  if (command !== 'add' && command !== 'install') return otherCommandRequest('rye', command);
  const scanned = scanOptions(args, start, RYE);
  const request = emptyRequest('rye', true);
  const location = (['git', 'url', 'path'] as const).find((option) => has(scanned, option));
  const names = command === 'install' ? scanned.positionals.slice(0, 1) : scanned.positionals;
  for (const name of names) {
    if (location === undefined) request.targets.push(targetFromRequirement(name, 'argv'));
    else request.targets.push(locatedTarget(name, location, values(scanned, location)[0] ?? ''));
  }
  for (const extra of values(scanned, 'extra-requirement')) request.targets.push(targetFromRequirement(extra, 'argv'));
  return request;
}

function locatedTarget(name: string, option: 'git' | 'url' | 'path', location: string): InstallTarget {
  const kind = option === 'git' ? 'vcs' : option;
  return { ecosystem: 'pypi', kind, raw: `${name} --${option} ${location}`, name, location, origin: 'argv' };
}

function parsePixi(args: string[]): InstallRequest {
  const head = scanOptions(args, 0, PIXI, 1);
  let [command] = head.positionals;
  let start = head.end;
  if (command === 'global') {
    const inner = scanOptions(args, start, PIXI, 1);
    command = inner.positionals[0] === 'install' || inner.positionals[0] === 'add' ? 'global install' : undefined;
    start = inner.end;
  }
  if (command === undefined) return emptyRequest('pixi');
  if (PIXI_PROJECT.has(command)) return emptyRequest('pixi', true);
  const request = emptyRequest('pixi', true);
  if (command === 'exec' || command === 'x') {
    // `pixi exec [--spec S]… [--with W]… CMD ARGS…`: without --spec the command names its package.
    const scanned = scanOptions(args, start, PIXI, 1);
    const specs = values(scanned, 'spec');
    const [tool] = scanned.positionals;
    for (const spec of specs.length > 0 ? specs : tool === undefined ? [] : [tool]) request.targets.push(classifyCondaSpec(spec, 'argv'));
    for (const spec of values(scanned, 'with')) request.targets.push(classifyCondaSpec(spec, 'argv'));
    request.indexes.push(...values(scanned, 'channel'));
    return request;
  }
  if (command !== 'add' && command !== 'a' && command !== 'global install') return otherCommandRequest('pixi', command);
  const scanned = scanOptions(args, start, PIXI);
  const pypi = has(scanned, 'pypi');
  const git = values(scanned, 'git')[0];
  for (const spec of [...scanned.positionals, ...values(scanned, 'with')]) {
    if (git !== undefined)
      request.targets.push({ ecosystem: pypi ? 'pypi' : 'conda', kind: 'vcs', raw: spec, name: spec, location: git, origin: 'argv' });
    else if (pypi) request.targets.push(targetFromRequirement(spec, 'argv'));
    else request.targets.push(classifyCondaSpec(spec, 'argv'));
  }
  request.indexes.push(...values(scanned, 'channel'), ...values(scanned, 'index'));
  return request;
}
