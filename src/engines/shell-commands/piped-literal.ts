/**
 * The stdin a pipeline stage gets from the stage before it: the literal text of an `echo` or a
 * plain `printf` of fully known words (`echo "pip install azure-cli" | bash` runs that text),
 * else an opaque pipe.
 */
import { PIPE, type Stdin } from './scope.js';
import { type ShellStatement } from './types.js';
import { resolveWord } from './words.js';

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
  return PIPE;
}
