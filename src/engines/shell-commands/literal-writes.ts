/**
 * What a statement writes when its output is literal text: `echo x >> requirements.txt`,
 * `printf 'a\nb\n' > req.txt`, `cat > package.json <<'EOF' … EOF`. The text is what the shell would
 * write (echo's newline, printf's `\n`); anything with a run-time part, an escape other than `\n`
 * or a format directive is not literal, and the file stays unverifiable for what reads it later.
 */
import { type ShellStatement } from './types.js';
import { resolveWord } from './words.js';

/** The text a statement prints on stdout when it is fully literal, else undefined. */
export function literalOutput(statement: ShellStatement): string | undefined {
  const command = statement.command;
  if (command?.type !== 'simple' || command.assignments.length > 0) return undefined;
  const words = command.words.map(resolveWord);
  if (words.some((word) => word.literal === undefined)) return undefined;
  const [program, ...args] = words.map((word) => word.literal ?? '');
  if (program === 'echo') {
    let newline = true;
    let i = 0;
    for (; i < args.length && /^-[neE]+$/.test(args[i] ?? ''); i++) if (args[i]?.includes('n')) newline = false;
    const text = args.slice(i).join(' ');
    // `echo -e` (and some shells' plain echo) decodes backslashes: only text without them is certain.
    if (text.includes('\\')) return undefined;
    return newline ? `${text}\n` : text;
  }
  if (program === 'printf' && args.length === 1) {
    const format = args[0] ?? '';
    if (format.includes('%') || /\\[^n]/.test(format) || format.endsWith('\\')) return undefined;
    return format.replace(/\\n/g, '\n');
  }
  if (program === 'cat' && args.length === 0) {
    const documents = statement.redirects.filter(
      (r) => (r.op === '<<' || r.op === '<<-' || r.op === '<<<') && (r.fd === undefined || r.fd === '0'),
    );
    const last = documents.at(-1);
    if (
      last === undefined ||
      documents.length !== 1 ||
      statement.redirects.some((r) => r.op === '<' && (r.fd === undefined || r.fd === '0'))
    )
      return undefined;
    const body = resolveWord(last.heredoc ?? last.word).literal;
    if (body === undefined) return undefined;
    if (last.op === '<<<') return `${body}\n`;
    // `<<-` strips leading tabs from each line.
    return last.op === '<<-' ? body.replace(/^\t+/gm, '') : body;
  }
  return undefined;
}
