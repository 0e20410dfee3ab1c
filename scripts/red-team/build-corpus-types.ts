/** One probe of the red-team corpus (bench/data/install-guard/red-team.jsonl). */
export interface Probe {
  id: string;
  class: string;
  /** `tune`: probes the guard may be fixed against; `heldout`: written apart, scored first, never tuned on. */
  split?: 'tune' | 'heldout';
  surface: 'claude-code' | 'cursor' | 'wrapper' | 'shim';
  /** A Bash command (hooks), argv (wrapper, shims) or a file edit (Claude Code). */
  kind: 'bash' | 'argv' | 'edit';
  command?: string;
  argv?: string[];
  env?: Record<string, string>;
  /** For edits: the tool event's tool_name and tool_input, and the command that consumes the file. */
  tool?: string;
  toolInput?: Record<string, unknown>;
  then?: string;
  /** Files present in the working directory before the probe runs. */
  files?: Record<string, string>;
  /** What the sandbox looks for in the package managers' argv, environment and files. */
  marker: string;
  /** Filled by label.ts: the sandbox saw a package manager handed the marker. */
  installs?: boolean;
  /** Filled by label.ts: the tools the probe needs that the sandbox lacks. */
  note?: string;
}
