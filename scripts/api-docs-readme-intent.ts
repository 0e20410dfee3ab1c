/**
 * An intent for an API whose declarations carry no documentation, taken from the package's README
 * as a user would read it: the prose under a heading that names the API (`### tar.c(options, …)`),
 * else the sentence of a prose paragraph that names it (`` `ajv.compile` `` …). Code blocks and
 * inline code are dropped (they spell the name rather than say what it does). Empty when the README
 * says nothing of it: the benchmark then reports the API as having no words, never a blank query.
 */

/**
 * The first paragraph of what the README says about `member` (at most 300 characters), or ''. With
 * `owner` (a method's class), only the section under the heading that names the class counts when
 * the README has one: `end` under `### class Parser`, not `Pack`'s `end`.
 */
export function readmeIntent(readme: string, member: string, owner?: string): string {
  if (member.length < 2) return '';
  let blocks = proseBlocks(readme);
  if (owner !== undefined && owner !== member) {
    const named = new RegExp(`(?<![\\w$])${escape(owner)}(?![\\w$])`);
    const start = blocks.findIndex((b) => b.heading && named.test(b.raw));
    if (start >= 0) {
      const level = blocks[start]!.level;
      const end = blocks.findIndex((b, i) => i > start && b.heading && b.level <= level);
      blocks = blocks.slice(start + 1, end < 0 ? undefined : end);
    }
  }
  // Named as code: `` `member` ``, `.member`, `member(` (a plain word `end` in prose is not the API).
  const name = escape(member);
  const names = new RegExp(`(?:[.\`]${name}(?![\\w$])|(?<![\\w$])${name}\\()`);
  // A heading names it as a word (`### class Pack`, `### tar.c(options)`).
  const word = new RegExp(`(?<![\\w$])${name}(?![\\w$])`);
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (!block.heading || !word.test(block.raw)) continue;
    // The heading's own words after the name (`### run(options): runs the …`), else the next prose block.
    const next = blocks.slice(i + 1).find((b) => !b.heading && b.text.length > 0);
    if (next) return clip(next.text);
  }
  for (const block of blocks) {
    if (block.heading || !names.test(block.raw)) continue;
    const sentence = block.rawSentences.find((s) => names.test(s.raw));
    if (sentence && sentence.text.split(' ').length >= 4) return clip(sentence.text);
  }
  return '';
}

interface Block {
  heading: boolean;
  /** The heading's level (`###` is 3); 0 for prose. */
  level: number;
  raw: string;
  text: string;
  rawSentences: Array<{ raw: string; text: string }>;
}

/** The README's headings and prose paragraphs, code blocks left out. */
function proseBlocks(readme: string): Block[] {
  const withoutFences = readme.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '\n');
  const blocks: Block[] = [];
  for (const part of withoutFences.split(/\n\s*\n/)) {
    for (const line of part.split('\n').filter((l) => /^#{1,6}\s/.test(l))) blocks.push(block(line, true));
    const prose = part
      .split('\n')
      .filter((l) => !/^#{1,6}\s/.test(l) && !/^\s{4}/.test(l) && !/^\s*[|<]/.test(l))
      .join(' ');
    if (prose.trim().length > 0) blocks.push(block(prose, false));
  }
  return blocks;
}

function block(raw: string, heading: boolean): Block {
  const rawSentences = raw.split(/(?<=[.!?])\s+/).map((s) => ({ raw: s, text: plain(s) }));
  return { heading, level: heading ? (/^#+/.exec(raw)?.[0].length ?? 0) : 0, raw, text: plain(raw), rawSentences };
}

/** Markdown to plain words: links keep their text, inline code, images and HTML go. */
function plain(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^[\s>*+-]+/, '')
    .replace(/[*_#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function clip(text: string): string {
  const first = text.split(/(?<=[.!?])\s+/)[0] ?? text;
  return first.slice(0, 300);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
