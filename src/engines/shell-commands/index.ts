/** The shell-command engine: which package-manager commands a shell command string runs, and what it hides. */
export type {
  AnalyzedCommand,
  AnalyzeOptions,
  LiteralWrite,
  ShellAnalysis,
  ShellParser,
  Unverifiable,
  UnverifiableReason,
} from './types.js';
export { analyzeShellCommand } from './analyze-shell-command.js';
export { MAX_SOURCE_LENGTH } from './limits.js';
export { malformedText } from './malformed-text.js';
export { MAX_SCRIPT_BYTES, type ShellFiles } from './local-files.js';
export { mayWrite as commandMayWriteFile } from './script-files.js';
export { condaChannelsAdded } from './conda-config.js';
export { linesStandAlone } from './line-filters.js';
export { isPlainCommand, MAX_PLAIN_LENGTH } from './plain-command.js';
export { isPackageManagerProgram, isShellProgram, programName } from './programs.js';
