/**
 * The stdin a pipeline stage gets from the stage before it: the literal text of an `echo` or a
 * plain `printf` of fully known words (`echo "pip install azure-cli" | bash` runs that text),
 * else an opaque pipe.
 */
import { downloadedBootstrap } from './bootstrap-scripts.js';
import { PIPE, type Stdin } from './scope.js';
import { type ShellStatement } from './types.js';
import { type ResolvedWord, resolveWord } from './words.js';

export function pipedStdin(previous: ShellStatement): Stdin {
  const command = previous.command;
  if (command?.type !== 'simple' || command.assignments.length > 0 || previous.redirects.length > 0) return PIPE;
  const words = command.words.map(resolveWord);
  if (words.some((word) => word.literal === undefined)) return PIPE;
  const [program, ...args] = words.map((word) => word.literal!);
  if (program === 'echo') {
    let i = 0;
    while (i < args.length && /^-[neE]+$/.test(args[i]!)) i++;
    const text = args.slice(i).join(' ');
    // `echo -e` decodes backslashes (and some shells' echo does by default): only plain text is taken.
    if (text.includes('\\')) return PIPE;
    return { kind: 'literal', text };
  }
  if (program === 'printf' && args.length === 1 && !/[%\\]/.test(args[0]!)) return { kind: 'literal', text: args[0]! };
  if (program === 'printf' && args.length === 1 && /^[^%\\]*(?:\\n[^%\\]*)*$/.test(args[0]!))
    return { kind: 'literal', text: args[0]!.replace(/\\n/g, '\n') };
  const bootstrap = downloadedBootstrap([program!, ...args]);
  return bootstrap ? { kind: 'pipe', bootstrap } : PIPE;
}

/** What a word that is one process substitution prints, when that is a literal `echo`/`printf` (`<(echo 'pip install x')`); undefined otherwise. */
export function printedBySubstitution(word: ResolvedWord): string | undefined {
  if (word.dynamic.length === 0 || !word.dynamic.every((part) => part.why === 'process_substitution')) return undefined;
  const body = word.substitutions.length === 1 ? word.substitutions[0]?.body : undefined;
  const only = body?.length === 1 ? body[0] : undefined;
  const printed = only === undefined ? undefined : pipedStdin(only);
  return printed?.kind === 'literal' ? printed.text : undefined;
}
