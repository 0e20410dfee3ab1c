/** A Claude Code edit tool's effect on a file's text, for the sandbox (what the file holds after Write, Edit, MultiEdit, NotebookEdit). */
export function applyEdit(tool: string, input: Record<string, unknown>, before: string | undefined): string {
  const text = before ?? '';
  if (tool === 'Write') return String(input.content);
  if (tool === 'Edit') return text.replace(String(input.old_string), String(input.new_string));
  if (tool === 'MultiEdit') {
    let after = text;
    for (const e of input.edits as Array<{ old_string: string; new_string: string }>) after = after.replace(e.old_string, e.new_string);
    return after;
  }
  const nb = JSON.parse(before ?? '{"cells":[],"metadata":{},"nbformat":4,"nbformat_minor":5}') as { cells: unknown[] };
  nb.cells.push({
    cell_type: input.cell_type ?? 'code',
    metadata: {},
    source: String(input.new_source),
    outputs: [],
    execution_count: null,
  });
  return JSON.stringify(nb);
}
