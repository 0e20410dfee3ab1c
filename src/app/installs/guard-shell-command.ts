/**
 * Use case: vet a shell command an agent is about to run. Every package-manager command inside it
 * (through `&&`, pipes, `bash -c`, `sudo` …) is read by its parser against the command's cwd and
 * vetted; what cannot be read statically (`$(…)`, `eval`, `xargs` …) is decided by the policy's
 * `on_unverifiable`. Nothing is ever run.
 */
import type { NameIndex } from '../../engines/package-names/index.js';
import { type Policy } from '../../engines/policy/index.js';
import { analyzeShellCommand } from '../../engines/shell-commands/index.js';
import { type Env } from '../../shared/paths.js';
import { withNameLists } from '../packages/held-name-lists.js';
import { createShellFiles } from './fs-shell-files.js';
import { dropMissingInputFiles } from './missing-input-files.js';
import { type ProgressStream } from '../../shared/progress.js';
import { type GuardVerdict, type UnverifiedPart } from './guard-verdict.js';
import { type InstallVerdict } from './vet-install.js';
import { type InstallRequest } from '../../engines/install-commands/index.js';

export interface ShellVerdict extends GuardVerdict {
  /** Each package-manager command found, with its verdict (commands that install nothing included). */
  commands: Array<{ text: string; argv: string[]; verdict: InstallVerdict }>;
  unverifiable: UnverifiedPart[];
}

export interface ShellDeps {
  /** The directory the command runs in: `-r` files and package.json resolve against it. */
  cwd: string;
  env: Env;
  stderr?: ProgressStream;
  now?: Date;
  /** The policy to apply; loaded for `cwd` and `env` when not given. */
  policy?: Policy;
  /**
   * True where `env` is the environment the command itself will run with (the wrapper, the shims):
   * its index variables (`PIP_INDEX_URL`, `npm_config_registry` …) are judged like `--index-url`.
   * The hooks leave it unset: their own environment is not the agent shell's.
   */
  runsWithEnv?: boolean;
  /** The process's loaded name lists (app/services.ts). */
  nameLists?: Map<string, NameIndex[]>;
  /** How many package.json scripts deep this command is (`npm run a` whose script runs `npm run b`); 0 at the top. */
  scriptDepth?: number;
}

/** package.json scripts are followed this many levels deep (`npm run a` → `npm run b` → …); deeper is unverifiable. */
const MAX_SCRIPT_DEPTH = 3;

/**
 * The verdict on `command`: the strictest of its install commands' verdicts and its unverifiable
 * parts'. A command that runs no package manager is allowed. Throws CONFIG_INVALID for an invalid
 * policy and the FileReader's faults (a dependency file over 5 MB); the caller applies its fail policy.
 */
export async function guardShellCommand(command: string, deps: ShellDeps): Promise<ShellVerdict> {
  // One load of the name lists for every install in the command, closed after it unless the caller holds them.
  return withNameLists(deps, (held) => guardWithLists(command, held));
}

async function guardWithLists(command: string, deps: ShellDeps): Promise<ShellVerdict> {
  const analysis = await analyzeShellCommand(command, { files: createShellFiles(deps.cwd, deps.env.HOME), env: deps.env });
  // Most commands run no package manager: they need neither the policy nor the name lists.
  if (analysis.commands.length === 0 && analysis.unverifiable.length === 0) {
    return { verdict: 'allow', reasons: [], suggestions: [], report: '', commands: [], unverifiable: [] };
  }
  const [
    { parseInstallCommand },
    { decideUnverifiable },
    { policyInForce },
    { createFsFileReader },
    { combineVerdicts },
    { vetInstallRequest },
    { addEnvironmentIndexes },
    { commandCwd, recordingReader, withAddedCondaChannels, writtenBeforeRead },
    { readProjectManifests },
    { simulateLiteralWrites },
    { packageScriptsRun },
    { projectTasksRun },
  ] = await Promise.all([
    import('../../engines/install-commands/index.js'),
    import('../../engines/policy/index.js'),
    import('../../config/policy-in-force.js'),
    import('./fs-file-reader.js'),
    import('./guard-verdict.js'),
    import('./vet-install.js'),
    import('./index-environment.js'),
    import('./same-command-effects.js'),
    import('./project-manifests.js'),
    import('./literal-writes.js'),
    import('../../engines/install-commands/index.js'),
    import('./project-tasks.js'),
  ]);
  const policy = deps.policy ?? (await policyInForce({ cwd: deps.cwd, env: deps.env })).policy;
  const commands: ShellVerdict['commands'] = [];
  const foundUnverifiable = [...analysis.unverifiable];
  const scriptParts: UnverifiedPart[] = [];
  for (const found of analysis.commands) {
    const cwd = commandCwd(deps.cwd, found.cwd, deps.env.HOME);
    const reads: string[] = [];
    // Literal text written earlier in the command (`echo x >> requirements.txt`) is simulated on top of the disk.
    const simulated = simulateLiteralWrites(found.literalWrites ?? [], deps.cwd, createFsFileReader(deps.cwd));
    const files = recordingReader(createFsFileReader(cwd ?? deps.cwd, { overrides: simulated.files }), cwd ?? deps.cwd, reads);
    const env = { ...deps.env, ...found.env };
    const parsed = parseInstallCommand(found.argv, { cwd: cwd ?? deps.cwd, env, files });
    // What a task runner or build front end runs from the project's files (`make deps`, `tox`, `python -m build`).
    const tasks = projectTasksRun(found.argv, cwd ?? deps.cwd, files);
    if (parsed === undefined && tasks.shell.length + tasks.requirements.length + tasks.unverifiable.length === 0) continue;
    const request = withAddedCondaChannels(
      parsed === undefined ? emptyRequest() : dropMissingInputFiles(parsed, command),
      found.written ?? [],
    );
    // package.json scripts it runs (`npm run x`, `yarn build`, an install's postinstall), read through the same recording reader.
    const scripts = packageScriptsRun(found.argv, cwd ?? deps.cwd, files);
    const nestedShell = [
      ...scripts.scripts.map((script) => ({
        label: `script "${script.name}" of ${scripts.manifest ?? 'package.json'}`,
        text: script.text,
        cwd: script.dir ?? scripts.dir ?? cwd ?? deps.cwd,
      })),
      ...tasks.shell,
    ];
    const taskRequests = tasks.requirements.flatMap(({ label, lines }) => {
      const words = lines.flatMap((line) => (line.startsWith('-') ? line.split(/\s+/) : [line]));
      const parsedTask = parseInstallCommand(['pip', 'install', ...words], { cwd: cwd ?? deps.cwd, env: {}, files });
      return parsedTask === undefined || words.length === 0 ? [] : [{ label, request: parsedTask }];
    });
    // Only what the command itself sets or exports: the ambient environment is the user's own set-up
    // (a site-wide PIP_FIND_LINKS, a mirror), not something the agent wrote; the registry gate sees every fetch.
    const configFiles = addEnvironmentIndexes(request, deps.runsWithEnv === true ? env : found.env, files);
    const why =
      cwd === undefined && (reads.length > 0 || request.installs)
        ? 'it runs in a directory an earlier `cd` chose at run time'
        : configFiles.length > 0
          ? `${configFiles.join(', ')} points it at a configuration file that is not read statically`
          : writtenBeforeRead(request, [...(found.written ?? []), ...simulated.distrusted], reads, cwd ?? deps.cwd);
    if (why !== undefined) foundUnverifiable.push({ text: found.text, why: 'source', detail: why });
    for (const detail of [...scripts.unverifiable, ...tasks.unverifiable])
      foundUnverifiable.push({ text: found.text, why: 'source', detail });
    if (why === undefined && nestedShell.length > 0) {
      const depth = deps.scriptDepth ?? 0;
      if (depth >= MAX_SCRIPT_DEPTH) {
        const detail = `the scripts and recipes it runs nest more than ${MAX_SCRIPT_DEPTH} levels deep`;
        foundUnverifiable.push({ text: found.text, why: 'too_deep', detail });
      } else {
        const prefix = Object.entries(found.env)
          .map(([name, value]) => `export ${name}='${value.replace(/'/g, `'\\''`)}'; `)
          .join('');
        for (const item of nestedShell) {
          const nested = await guardShellCommand(prefix + item.text, { ...deps, cwd: item.cwd, policy, scriptDepth: depth + 1 });
          const label = `${found.text} (${item.label})`;
          for (const inner of nested.commands) commands.push({ text: `${label}: ${inner.text}`, argv: inner.argv, verdict: inner.verdict });
          for (const part of nested.unverifiable) scriptParts.push({ ...part, text: `${label}: ${part.text}` });
        }
      }
    }
    for (const { label, request: taskRequest } of why === undefined ? taskRequests : []) {
      const verdict = await vetInstallRequest(taskRequest, { ...deps, cwd: cwd ?? deps.cwd, policy });
      commands.push({ text: `${found.text} (${label})`, argv: found.argv, verdict });
    }
    if (parsed === undefined) continue;
    const verdict = await vetInstallRequest(request, { ...deps, cwd: cwd ?? deps.cwd, policy });
    commands.push({ text: found.text, argv: found.argv, verdict });
    const project = readProjectManifests(found.argv, request, cwd ?? deps.cwd, files);
    for (const detail of project.unverifiable) foundUnverifiable.push({ text: found.text, why: 'source', detail });
    for (const { label, request: manifest } of project.requests) {
      commands.push({
        text: `${found.text} (${label})`,
        argv: found.argv,
        verdict: await vetInstallRequest(manifest, { ...deps, cwd: cwd ?? deps.cwd, policy }),
      });
    }
  }
  const unverifiable = foundUnverifiable.map((item): UnverifiedPart => {
    const message = `cannot verify \`${clip(item.text)}\` statically: ${item.detail}`;
    return { text: item.text, message, decision: decideUnverifiable(item.text, message, policy) };
  });
  unverifiable.push(...scriptParts);
  const combined = combineVerdicts(
    commands.map((c) => ({ label: `$ ${clip(c.text)}`, verdict: c.verdict })),
    unverifiable,
  );
  return { ...combined, commands, unverifiable };
}

function emptyRequest(): InstallRequest {
  return { manager: 'pip', installs: false, targets: [], indexes: [], files: [], unresolved: [] };
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 120 ? `${oneLine.slice(0, 117)}...` : oneLine;
}
