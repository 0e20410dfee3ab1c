/**
 * Use case: vet what an edit adds to a file that makes a later install fetch packages (see
 * edited-install-sources.ts): requirement strings as `pip install`, npm names as `npm install`, and
 * shell commands (Dockerfile RUN lines, install-time scripts, notebook cells) as the Bash hook vets
 * them. Only what the edit adds (not already in the file on disk) is vetted.
 */
import { dirname } from 'node:path';
import { type InstallVerdict } from './vet-install.js';
import { type FileEdit, type FileEditDeps } from './guard-file-edit.js';
import { type GuardVerdict, type UnverifiedPart } from './guard-verdict.js';
import { installSources, type InstallSources } from './edited-install-sources.js';

/** The verdict on what `edit` adds; undefined when it adds nothing that installs. */
export async function guardEditedSources(edit: FileEdit, deps: FileEditDeps & { before?: string }): Promise<GuardVerdict | undefined> {
  const [
    { createFsFileReader },
    { parseInstallCommand },
    { vetInstallRequest },
    { guardShellCommand },
    { combineVerdicts },
    { policyInForce },
  ] = await Promise.all([
    import('./fs-file-reader.js'),
    import('../../engines/install-commands/index.js'),
    import('./vet-install.js'),
    import('./guard-shell-command.js'),
    import('./guard-verdict.js'),
    import('../../config/policy-in-force.js'),
  ]);
  const before = deps.before ?? createFsFileReader(dirname(edit.path)).readText(edit.path) ?? '';
  const had = installSources(edit.path, before);
  const now = installSources(edit.path, edit.after);
  const added: InstallSources = {
    requirements: now.requirements.filter((r) => !had.requirements.includes(r)),
    npm: now.npm.filter((n) => !had.npm.includes(n)),
    commands: now.commands.filter((c) => !had.commands.includes(c)),
    unreadable: (now.unreadable ?? []).filter((u) => !(had.unreadable ?? []).includes(u)),
  };
  const unreadable = added.unreadable ?? [];
  if (added.requirements.length + added.npm.length + added.commands.length + unreadable.length === 0) return undefined;
  const policy = deps.policy ?? (await policyInForce({ cwd: deps.cwd, env: deps.env })).policy;
  const files = createFsFileReader(deps.cwd);
  const installs: Array<{ label: string; verdict: InstallVerdict }> = [];
  const unverified: UnverifiedPart[] = [];
  if (unreadable.length > 0) {
    const { decideUnverifiable } = await import('../../engines/policy/index.js');
    for (const why of unreadable)
      unverified.push({ text: edit.path, message: `${edit.path}: ${why}`, decision: decideUnverifiable(edit.path, why, policy) });
  }
  for (const [argv, label] of [
    [['pip', 'install', ...added.requirements], 'requirements'],
    [['npm', 'install', ...added.npm], 'npm packages'],
  ] as const) {
    if (argv.length === 2) continue;
    const request = parseInstallCommand([...argv], { cwd: deps.cwd, env: { ...deps.env }, files });
    if (request !== undefined)
      installs.push({ label: `${edit.path} (${label})`, verdict: await vetInstallRequest(request, { ...deps, policy }) });
  }
  for (const command of added.commands) {
    const shell = await guardShellCommand(command, { ...deps, policy });
    for (const found of shell.commands) installs.push({ label: `${edit.path}: $ ${found.text}`, verdict: found.verdict });
    unverified.push(...shell.unverifiable);
  }
  return combineVerdicts(installs, unverified);
}
