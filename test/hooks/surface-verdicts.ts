/**
 * The verdict class (block / warn / allow) each surface gives the same command: the Claude Code hook
 * (deny / ask / no decision), the Cursor hook (deny / ask with `--on-warn ask` / allow) and, for a
 * package-manager argv, the wrapper behind `guard <pm>` and the PATH shims (exit 3 / a printed warning
 * / run), each in process on a fresh project directory holding the same files.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { shellQuote } from '../../src/app/installs/vet-wrapped-command.js';
import { createCliServices } from '../../src/cli/command.js';
import { runWrapped } from '../../src/cli/commands/wrap.js';
import { answerClaudeCodeEvent } from '../../src/hooks/claude-code.js';
import { answerCursorEvent } from '../../src/hooks/cursor.js';
import { textSink } from '../fixtures/capture-io.js';

export type VerdictClass = 'block' | 'warn' | 'allow';

export interface SurfaceVerdicts {
  claudeCode: VerdictClass;
  cursor: VerdictClass;
  /** Only for an argv (the wrapper and the shims run one program). */
  wrapper?: VerdictClass;
}

export interface SurfaceCase {
  /** A shell command (hooks only), or a package-manager argv (every surface; the hooks see it quoted). */
  command?: string;
  argv?: readonly string[];
  /** Variables the argv runs with: the hooks see them as `VAR=value` prefixes. */
  env?: Record<string, string>;
  files?: Record<string, string>;
  /** Symbolic links to make in the project (path → target, as written). */
  links?: Record<string, string>;
  /** The hooks' process runs in another directory than the event's `cwd` (the agent's project): only the event says where. */
  eventCwdOnly?: boolean;
}

/** The command the hooks see for an argv run with `env`: what a shell would run. */
export function commandOf(argv: readonly string[], env: Record<string, string> = {}): string {
  return [...Object.entries(env).map(([k, v]) => `${k}=${shellQuote(v)}`), ...argv.map(shellQuote)].join(' ');
}

let made = 0;

/** The verdict class of every surface on `item`, each in its own directory under `root` seeded with `item.files`. */
export async function surfaceVerdicts(item: SurfaceCase, root: string, guardEnv: Record<string, string>): Promise<SurfaceVerdicts> {
  const command = item.command ?? commandOf(item.argv ?? [], item.env);
  const project = (): string => {
    const cwd = join(root, `p${made++}`);
    mkdirSync(join(cwd, '.git'), { recursive: true });
    for (const [path, text] of Object.entries(item.files ?? {})) {
      mkdirSync(dirname(join(cwd, path)), { recursive: true });
      writeFileSync(join(cwd, path), text);
    }
    for (const [path, target] of Object.entries(item.links ?? {})) {
      mkdirSync(dirname(join(cwd, path)), { recursive: true });
      symlinkSync(target, join(cwd, path));
    }
    return cwd;
  };
  // Where the hook process itself runs: the project, or (eventCwdOnly) a directory of its own.
  const processCwd = (cwd: string): string => (item.eventCwdOnly === true ? mkdtempSync(join(root, 'elsewhere-')) : cwd);
  let cwd = project();
  let own = processCwd(cwd);
  // The fields Claude Code sends with a Bash call besides the command change nothing.
  const claude = await answerClaudeCodeEvent(
    JSON.stringify({
      hook_event_name: 'PreToolUse',
      cwd,
      tool_name: 'Bash',
      tool_input: { command, description: 'Run the command', timeout: 120000, run_in_background: false },
    }),
    { cwd: own, env: { ...guardEnv, PWD: own } },
  );
  const claudeCode = /"permissionDecision":"deny"/.test(claude.stdout)
    ? 'block'
    : /"permissionDecision":"ask"/.test(claude.stdout)
      ? 'warn'
      : 'allow';
  cwd = project();
  own = processCwd(cwd);
  const cursorAnswer = await answerCursorEvent(
    JSON.stringify({ hook_event_name: 'beforeShellExecution', cwd, command, workspace_roots: [cwd] }),
    { cwd: own, env: { ...guardEnv, PWD: own } },
    { onWarn: 'ask' },
  );
  const cursor = /"permission":"deny"/.test(cursorAnswer.stdout)
    ? 'block'
    : /"permission":"ask"/.test(cursorAnswer.stdout)
      ? 'warn'
      : 'allow';
  if (item.argv === undefined || item.argv.length === 0) return { claudeCode, cursor };
  cwd = project();
  const stdout = textSink();
  const stderr = textSink();
  const [program = '', ...args] = item.argv;
  const io = { stdout, stderr, stdin: process.stdin, cwd, env: { ...guardEnv, PWD: cwd, ...item.env, GUARD_DRY_RUN: '1' } };
  const services = createCliServices(io);
  const code = await runWrapped(program, args, io, services).finally(() => services.close());
  const wrapper =
    code === 3 ? 'block' : code === 0 && /guard: warning/.test(stdout.text + stderr.text) ? 'warn' : code === 0 ? 'allow' : 'block';
  return { claudeCode, cursor, wrapper };
}
