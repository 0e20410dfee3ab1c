/**
 * `guard <pm> <args...>`: vets what a package-manager command would install, then runs the real
 * program (found on PATH outside the guard's shims) or refuses. Commands that install nothing
 * (`pip list`, `npm test`) run straight through, unread by the name check.
 */
import { EXIT } from '../exit.js';
import type { Services } from '../../app/services.js';
import { type CliIo } from '../io.js';
import { findProgram } from '../program-path.js';

const DRY_RUN_FLAG = '--guard-dry-run';

/**
 * Runs `program args` if the policy allows what it installs. Exit codes: the program's own; 3 when
 * blocked (nothing run); with --guard-dry-run or GUARD_DRY_RUN=1, 3 when it would be blocked and 0
 * otherwise, never running it; 127 when the program is not on PATH. A fault while vetting (a file
 * the guard cannot read, an invalid policy) is decided by the policy's `on_unverifiable`: deny exits
 * 3 with the reason, warn runs the program with the warning; deny when no policy can be loaded.
 */
export async function runWrapped(program: string, argv: string[], io: CliIo, services: Services): Promise<number> {
  const args = argv.filter((arg) => arg !== DRY_RUN_FLAG);
  const dryRun = args.length !== argv.length || io.env.GUARD_DRY_RUN === '1';
  let verdict: Awaited<ReturnType<typeof vetAsShellCommand>>;
  try {
    // The hooks' self-protection, on the command as the hooks would see it: an argv that changes the
    // guard's own state (`npm i --prefix ~/.config/groundguard x`, `npx guard init`) is refused here too.
    const refused = await refusedAsSelfProtection(program, args, io);
    if (refused !== undefined) {
      io.stderr.write(`guard: blocked: ${refused}\n  nothing was run (exit ${EXIT.blocked})\n`);
      return EXIT.blocked;
    }
    // The same reading as the hooks: runners (`npx pnpm add x`), `-c` strings, npm's aliases, index variables.
    verdict = await vetAsShellCommand(program, args, io, services);
  } catch (error) {
    const fault = await faultDecision(error, io);
    if (fault.verdict === 'block') {
      io.stderr.write(`guard: blocked: ${fault.reason}\n  nothing was run (exit ${EXIT.blocked})\n`);
      return EXIT.blocked;
    }
    if (fault.verdict === 'warn') io.stderr.write(`guard: warning: ${fault.reason}\n`);
    return dryRun ? EXIT.ok : exec(program, args, io);
  }
  if (verdict === undefined) {
    if (dryRun) {
      io.stdout.write(`guard: ${program} ${args.join(' ')} installs nothing; it would run unchecked\n`);
      return EXIT.ok;
    }
    return exec(program, args, io);
  }
  if (dryRun) {
    // An allowed command has no combined report: each install's own says what was allowed.
    io.stdout.write(verdict.report || verdict.commands.map((c) => c.verdict.report).join(''));
    return verdict.verdict === 'block' ? EXIT.blocked : EXIT.ok;
  }
  if (verdict.verdict === 'block') {
    io.stderr.write(`${verdict.report}  nothing was run (exit ${EXIT.blocked})\n`);
    return EXIT.blocked;
  }
  if (verdict.verdict === 'warn') io.stderr.write(verdict.report);
  // What an allowed install was let through on (an unlisted HTTPS index, a forge source) is said, not asked.
  if (verdict.verdict === 'allow' && verdict.notes !== undefined)
    io.stderr.write(verdict.notes.map((note) => `guard: note: ${note}\n`).join(''));
  return exec(program, args, io);
}

/** The verdict on `program args` (app/installs/vet-wrapped-command.ts); undefined when it installs and hides nothing. */
async function vetAsShellCommand(
  program: string,
  args: string[],
  io: CliIo,
  services: Services,
): Promise<{ verdict: string; report: string; notes?: string[]; commands: Array<{ verdict: { report: string } }> } | undefined> {
  const { vetWrappedCommand } = await import('../../app/installs/vet-wrapped-command.js');
  return vetWrappedCommand(program, args, { cwd: io.cwd, env: io.env, stderr: io.stderr, nameLists: services.nameLists });
}

/** A fault while vetting, decided as an unverifiable part under the policy for the cwd; a block when no policy loads. */
async function faultDecision(error: unknown, io: CliIo): Promise<{ verdict: 'allow' | 'warn' | 'block'; reason: string }> {
  const { toGuardError } = await import('../../shared/errors.js');
  const message = `groundguard could not verify this: ${toGuardError(error).message}`;
  try {
    const [{ policyInForce }, { decideUnverifiable }] = await Promise.all([
      import('../../config/policy-in-force.js'),
      import('../../engines/policy/index.js'),
    ]);
    const { policy } = await policyInForce({ cwd: io.cwd, env: io.env });
    const decision = decideUnverifiable('wrapper', message, policy);
    return { verdict: decision.verdict, reason: `${message} (policy on_unverifiable: ${policy.on_unverifiable})` };
  } catch (policyError) {
    return {
      verdict: 'block',
      reason: `${message}; and the policy cannot be loaded (${toGuardError(policyError).message}), so it is denied`,
    };
  }
}

/** The self-protection refusal of `program args` (hooks/self-protection.ts, shared with every hook), or undefined. */
async function refusedAsSelfProtection(program: string, args: string[], io: CliIo): Promise<string | undefined> {
  const [{ protectedCommand, selfProtection }, { shellQuote }] = await Promise.all([
    import('../../hooks/self-protection.js'),
    import('../../app/installs/vet-wrapped-command.js'),
  ]);
  const command = [program, ...args].map(shellQuote).join(' ');
  return (await selfProtection(protectedCommand(command, io.cwd, io.env), io.cwd, io.env))?.reason;
}

async function exec(program: string, args: string[], io: CliIo): Promise<number> {
  const file = findProgram(program, io.env, io.cwd);
  if (file === undefined) {
    const skipped = io.env.GUARD_SHIM_DIR ? ` (groundguard's shims skipped: GUARD_SHIM_DIR=${io.env.GUARD_SHIM_DIR})` : '';
    io.stderr.write(`guard: ${program} is not on PATH${skipped}\n`);
    return 127;
  }
  const { runProgram } = await import('../exec-program.js');
  const run = await runProgram(file, args, { cwd: io.cwd, env: io.env });
  if (run.error) io.stderr.write(`guard: ${run.error}\n`);
  return run.exitCode;
}
