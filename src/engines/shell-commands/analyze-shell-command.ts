/**
 * The engine's entry point: a shell command string to the package-manager commands inside it.
 * Plain commands are answered by a pre-check; scripts in the small subset of simple-script.ts
 * are parsed by it; the walker and the full parser (mvdan/sh) are loaded on first use.
 */
import { replaceCiExpressions } from './ci-expressions.js';
import { MAX_SOURCE_LENGTH } from './limits.js';
import { malformedText } from './malformed-text.js';
import { isPlainCommand } from './plain-command.js';
import { parseSimpleScript } from './simple-script.js';
import { type AnalyzeOptions, type ShellAnalysis, type ShellParser } from './types.js';

/**
 * Finds every command in `source` (what an agent passes to a Bash tool) that could install
 * packages, following `&&`/`||`/`;`/pipes, subshells, compound commands, wrappers (`sudo`, `env`,
 * `nohup` …) and nested shells (`bash -c`, `eval`, heredocs to a shell) up to `maxDepth` (default 4),
 * and lists what cannot be verified statically. Never rejects for any input; the first command
 * outside the simple subset loads the shell parser (mvdan/sh), and only a broken install makes it
 * reject, with GuardError INTERNAL.
 * Plain commands (`ls -la && git status`, see isPlainCommand) are answered without the parser.
 */
export async function analyzeShellCommand(source: string, options: AnalyzeOptions = {}): Promise<ShellAnalysis> {
  // CI `run:` lines: `${{ matrix.x }}` is substituted by the runner before the shell reads the line.
  const text = replaceCiExpressions(String(source));
  const malformed = malformedText(text);
  if (malformed !== undefined)
    return { commands: [], unverifiable: [{ text: text.slice(0, 200), why: 'malformed_text', detail: malformed }] };
  if (text.length <= MAX_SOURCE_LENGTH && isPlainCommand(text)) return { commands: [], unverifiable: [] };
  const { analyzeShellScript } = await import('./analyze.js');
  if (text.length > MAX_SOURCE_LENGTH) return analyzeShellScript(text, TOO_LONG, options);
  const { loadShellParserSync } = await import('./io/mvdan-parser.js');
  return analyzeShellScript(
    text,
    layeredParser(() => loadShellParserSync(options.env)),
    options,
  );
}

/** The small parser where it applies (nested scripts included), the full one, loaded on first need, elsewhere. */
function layeredParser(full: () => ShellParser): ShellParser {
  return {
    parse(source) {
      const statements = parseSimpleScript(source);
      return statements === undefined ? full().parse(source) : { ok: true, statements };
    },
  };
}

// Never called: analyzeShellScript refuses over-long input before parsing, so no parser is loaded for it.
const TOO_LONG = { parse: () => ({ ok: false as const, error: 'command too long' }) };
