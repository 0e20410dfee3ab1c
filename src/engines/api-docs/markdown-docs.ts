/**
 * Extracts APIs from Markdown docs of a private library: a heading or a code line that reads as a
 * signature (`def name(…)`, `function name(…)`, `name(…)`, `Class.method(…)`) becomes a record; the
 * first paragraph after it is its description.
 */
import { firstSentences } from './doc-text.js';
import { parseParamList } from './param-list.js';
import { renderSignature } from './signature-text.js';
import type { ApiRecord } from './types.js';

const SIGNATURE =
  /^(?:async\s+)?(?:def|function|func|fn)?\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\((.*)\)\s*(?:(?:->|:)\s*([^{]+?))?\s*[:{;]?\s*$/;

/** Records from one Markdown file (`location` names it), for `library`. */
export function extractMarkdownApis(text: string, library: string, location: string, version = ''): ApiRecord[] {
  const lines = text.split(/\r?\n/);
  const records: ApiRecord[] = [];
  const seen = new Set<string>();
  let inFence = false;
  let pending: { record: ApiRecord; line: number } | undefined;
  let paragraph: string[] = [];
  const flushParagraph = (): void => {
    if (pending && paragraph.length > 0 && pending.record.description === '') {
      const text = paragraph.join(' ').trim();
      pending.record.description = firstSentences(text);
      pending.record.documentation = text;
    }
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) {
      flushParagraph();
      inFence = !inFence;
      continue;
    }
    const heading = !inFence ? /^#{1,6}\s+(.*)$/.exec(line) : null;
    const candidate = heading ? heading[1]!.replace(/`/g, '').trim() : inFence ? line.trim() : undefined;
    if (candidate !== undefined) {
      const record = parseSignatureLine(candidate, library, `${location}:${i + 1}`, version);
      if (record && !seen.has(`${record.name}|${record.signature}`)) {
        flushParagraph();
        seen.add(`${record.name}|${record.signature}`);
        records.push(record);
        pending = { record, line: i };
        continue;
      }
      if (heading) {
        flushParagraph();
        pending = undefined;
      }
      continue;
    }
    if (line.trim() === '') flushParagraph();
    else if (pending) paragraph.push(line.trim());
  }
  flushParagraph();
  return records;
}

function parseSignatureLine(text: string, library: string, location: string, version: string): ApiRecord | undefined {
  const match = SIGNATURE.exec(text);
  if (!match) return undefined;
  const dotted = match[1]!;
  if (['if', 'for', 'while', 'return', 'print', 'switch', 'catch'].includes(dotted)) return undefined;
  const segments = dotted.split('.');
  const member = segments[segments.length - 1]!;
  const owner = segments.length > 1 ? segments[segments.length - 2]! : library;
  const params = parseParamList(match[2]!);
  const isClass = /^[A-Z]/.test(member) && /[a-z]/.test(member);
  return {
    library,
    name: segments[0] === library ? dotted : `${library}.${dotted}`,
    owner,
    member,
    kind: isClass ? 'class' : segments.length > 1 && /^[A-Z]/.test(owner) ? 'method' : 'function',
    signature: renderSignature(member, params, match[3]?.trim()),
    params,
    description: '',
    documentation: '',
    location,
    version,
  };
}
