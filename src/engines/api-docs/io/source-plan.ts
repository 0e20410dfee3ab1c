/** A source ready to index: its identity, its files with fingerprints, and how to extract records. */
import type { ApiRecord } from '../types.js';
import type { WalkedFile } from './file-walk.js';

export interface SourcePlan {
  /** Stable id: `botocore`, `python:requests`, `npm:zod`, `openapi:<path>`, `markdown:<path>`. */
  id: string;
  kind: 'botocore' | 'python' | 'npm' | 'openapi' | 'markdown';
  root: string;
  library: string;
  version: string;
  files: WalkedFile[];
  /**
   * `file`: each file is extracted on its own (only changed files are re-read);
   * `whole`: any change re-extracts the whole source (records are attributed to `files[0]`).
   */
  granularity: 'file' | 'whole';
  extract(files: readonly WalkedFile[]): Promise<Map<string, ApiRecord[]>>;
}
