/**
 * The inputs of Claude Code's Write, Edit and MultiEdit tools, validated with zod (loaded only when
 * a dependency manifest is edited), and the file's text after the tool would run.
 */
import { dirname } from 'node:path';
import { z } from 'zod';
import { createFsFileReader } from '../app/installs/fs-file-reader.js';
import { contentAfterEdits, type TextEdit } from './edited-content.js';
import { describeIssues } from './hook-decision.js';

const EDIT = z.looseObject({ old_string: z.string(), new_string: z.string(), replace_all: z.boolean().optional() });
const WRITE_INPUT = z.looseObject({ file_path: z.string().min(1), content: z.string() });
const EDIT_INPUT = z.looseObject({ file_path: z.string().min(1), ...EDIT.shape });
const MULTI_EDIT_INPUT = z.looseObject({ file_path: z.string().min(1), edits: z.array(EDIT) });

/**
 * The text of `path` once `tool` (Write, Edit or MultiEdit) has run with `input`; undefined when
 * the tool would fail and change nothing; `{ problem }` when the input is malformed.
 */
export function contentAfterTool(tool: string, input: Record<string, unknown>, path: string): string | undefined | { problem: string } {
  if (tool === 'Write') {
    const write = WRITE_INPUT.safeParse(input);
    return write.success ? write.data.content : { problem: `the Write tool input is malformed: ${describeIssues(write.error)}` };
  }
  let edits: TextEdit[];
  if (tool === 'Edit') {
    const edit = EDIT_INPUT.safeParse(input);
    if (!edit.success) return { problem: `the Edit tool input is malformed: ${describeIssues(edit.error)}` };
    edits = [edit.data];
  } else {
    const multi = MULTI_EDIT_INPUT.safeParse(input);
    if (!multi.success) return { problem: `the MultiEdit tool input is malformed: ${describeIssues(multi.error)}` };
    edits = multi.data.edits;
  }
  return contentAfterEdits(createFsFileReader(dirname(path)).readText(path), edits);
}
