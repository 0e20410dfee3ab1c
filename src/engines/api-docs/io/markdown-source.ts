/** A folder of Markdown docs for a private library as a source. */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

import { extractMarkdownApis } from '../markdown-docs.js';
import type { ApiRecord } from '../types.js';
import { walkFiles } from './file-walk.js';
import type { SourcePlan } from './source-plan.js';

/** Every `.md` / `.markdown` file under `dir`; the library is `library` or the folder's name. */
export function planMarkdown(dir: string, library?: string): SourcePlan {
  const root = resolve(dir);
  const name = library ?? basename(root);
  return {
    id: `markdown:${root}`,
    kind: 'markdown',
    root,
    library: name,
    version: '',
    files: walkFiles(root, (file) => /\.(md|markdown)$/i.test(file)),
    granularity: 'file',
    extract: async (files) => {
      const records = new Map<string, ApiRecord[]>();
      for (const file of files) records.set(file.path, extractMarkdownApis(readFileSync(file.absolute, 'utf8'), name, file.path));
      return records;
    },
  };
}
