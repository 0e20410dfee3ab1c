/** Splitting the current file at the cursor (the hole is the rest of the line) and the hole window RLPG ranks by. */
import { GuardError } from '../../shared/errors.js';
import type { Hole } from './types.js';

/**
 * Splits `text` at a 1-based line and a 0-based column (characters before the cursor; default the
 * end of the line). Throws GuardError INPUT_INVALID when the position is outside the file.
 */
export function splitAtCursor(text: string, position: { line: number; column?: number }, fileLabel = 'the file'): Hole {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '' && text.endsWith('\n')) lines.pop();
  if (!Number.isInteger(position.line) || position.line < 1 || position.line > lines.length) {
    throw new GuardError(
      'INPUT_INVALID',
      `line ${position.line} is outside ${fileLabel}, which has ${lines.length} line${lines.length === 1 ? '' : 's'}`,
      {
        hint: `give a 1-based line from 1 to ${lines.length}`,
      },
    );
  }
  const index = position.line - 1;
  const current = lines[index]!;
  const column = position.column ?? current.length;
  if (!Number.isInteger(column) || column < 0 || column > current.length) {
    throw new GuardError(
      'INPUT_INVALID',
      `column ${column} is outside line ${position.line} of ${fileLabel}, which has ${current.length} characters`,
      {
        hint: `give a 0-based column from 0 to ${current.length} (the number of characters before the cursor), or leave it out for the end of the line`,
      },
    );
  }
  const above = lines.slice(0, index);
  const prefix = current.slice(0, column);
  return {
    line: index,
    column,
    before: above.length > 0 ? `${above.join('\n')}\n${prefix}` : prefix,
    target: current.slice(column),
    after: lines.slice(index + 1).join('\n'),
    lines,
  };
}

/** RLPG's hole window: two lines above, the line up to the cursor, two lines below (the hole itself excluded). */
export function holeWindow(hole: Pick<Hole, 'line' | 'column' | 'lines'>): string {
  const { line, column, lines } = hole;
  const above = lines.slice(Math.max(0, line - 2), line);
  const below = lines.slice(line + 1, line + 3);
  return [...above, lines[line]!.slice(0, column), ...below].join('\n');
}

/**
 * The file as it is known at the cursor: the hole removed from its line, every line in place. The
 * current file's facts are parsed from this, so nothing in the hole (not even where an import is
 * used) shapes the prompt.
 */
export function textWithoutHole(hole: Pick<Hole, 'line' | 'column' | 'lines'>): string {
  return hole.lines.map((text, i) => (i === hole.line ? text.slice(0, hole.column) : text)).join('\n');
}
