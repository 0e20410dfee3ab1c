/**
 * Where the code is in a model's text: Markdown fenced blocks (``` or ~~~, any info string; an
 * unclosed fence runs to the end, as while a model is still writing), or, when the text has no
 * fence at all, the whole text.
 */
import { guessSnippetLanguage } from './snippet-language.js';

export interface CodeBlock {
  /** The block's content: [start, end) in characters (fence lines excluded). */
  start: number;
  end: number;
  /** The fence's language tag, lower-cased ('' for a bare fence); undefined when the text has no fence. */
  tag: string | undefined;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)[^\n]*$/;

/** The code blocks of `text`, in order. */
export function codeBlocks(text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: { marker: string; tag: string; start: number } | undefined;
  let sawFence = false;
  for (let at = 0; at <= text.length;) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline === -1 ? text.length : newline;
    const fence = FENCE.exec(text.slice(at, lineEnd));
    if (fence) {
      const marker = fence[1]!;
      if (!open) {
        sawFence = true;
        open = { marker, tag: fence[2]!.toLowerCase(), start: Math.min(text.length, lineEnd + 1) };
      } else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && fence[2] === '') {
        blocks.push({ start: open.start, end: Math.max(open.start, at - 1), tag: open.tag });
        open = undefined;
      }
    }
    if (newline === -1) break;
    at = newline + 1;
  }
  if (open) blocks.push({ start: open.start, end: text.length, tag: open.tag });
  if (!sawFence) return text.length === 0 ? [] : [{ start: 0, end: text.length, tag: undefined }];
  return blocks;
}

const PYTHON_TAGS = new Set(['python', 'py', 'python3', 'py3', 'ipython', 'ipython3', 'pycon', 'sage']);

/** Whether a block holds Python: its tag says so, or it has no tag and reads like Python. */
export function isPythonBlock(block: CodeBlock, content: string): boolean {
  if (block.tag !== undefined && block.tag !== '') return PYTHON_TAGS.has(block.tag);
  return guessSnippetLanguage(content) === 'python';
}
