/**
 * A file's text after a Claude Code Write, Edit or MultiEdit, computed from its text now, so that
 * a hook can vet what the edit adds before it is made.
 */

export interface TextEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean | undefined;
}

/**
 * Edits applied in order, each to the result of the one before; `replace_all` replaces every
 * occurrence, otherwise the first. An empty `old_string` on a missing file creates it. Undefined
 * when an edit would fail (text not found, file missing): the tool then changes nothing.
 */
export function contentAfterEdits(current: string | undefined, edits: readonly TextEdit[]): string | undefined {
  let text = current;
  for (const edit of edits) {
    if (text === undefined) {
      if (edit.old_string !== '') return undefined;
      text = edit.new_string;
      continue;
    }
    if (edit.old_string === '') {
      // The tool refuses an empty old_string on an existing file unless it is empty.
      if (text !== '') return undefined;
      text = edit.new_string;
      continue;
    }
    const at = text.indexOf(edit.old_string);
    if (at === -1) return undefined;
    text =
      edit.replace_all === true
        ? text.split(edit.old_string).join(edit.new_string)
        : text.slice(0, at) + edit.new_string + text.slice(at + edit.old_string.length);
  }
  return text;
}
