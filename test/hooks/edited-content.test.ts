/** Tests for computing a file's text after Claude Code Edit and MultiEdit calls. */
import { describe, expect, it } from 'vitest';
import { contentAfterEdits } from '../../src/hooks/edited-content.js';

describe('contentAfterEdits', () => {
  it.each([
    ['replaces the first occurrence', 'a\nb\na\n', [{ old_string: 'a', new_string: 'x' }], 'x\nb\na\n'],
    ['replaces every occurrence with replace_all', 'a\nb\na\n', [{ old_string: 'a', new_string: 'x', replace_all: true }], 'x\nb\nx\n'],
    [
      'applies edits in order, each on the result of the last',
      'flask\n',
      [
        { old_string: 'flask', new_string: 'flask\nreqeusts' },
        { old_string: 'reqeusts', new_string: 'requests' },
      ],
      'flask\nrequests\n',
    ],
    ['takes $ patterns literally', 'x\n', [{ old_string: 'x', new_string: "$& $' $1" }], "$& $' $1\n"],
    ['creates a missing file from an empty old_string', undefined, [{ old_string: '', new_string: 'new\n' }], 'new\n'],
    ['fills an empty file from an empty old_string', '', [{ old_string: '', new_string: 'new\n' }], 'new\n'],
  ])('%s', (_name, current, edits, expected) => {
    expect(contentAfterEdits(current, edits)).toBe(expected);
  });

  it.each([
    ['the text is not found', 'a\n', [{ old_string: 'zzz', new_string: 'x' }]],
    ['the file is missing', undefined, [{ old_string: 'a', new_string: 'x' }]],
    ['an empty old_string meets a non-empty file', 'a\n', [{ old_string: '', new_string: 'x' }]],
    [
      'a later edit fails',
      'a\n',
      [
        { old_string: 'a', new_string: 'b' },
        { old_string: 'a', new_string: 'c' },
      ],
    ],
  ])('gives undefined (the tool changes nothing) when %s', (_name, current, edits) => {
    expect(contentAfterEdits(current, edits)).toBeUndefined();
  });
});
