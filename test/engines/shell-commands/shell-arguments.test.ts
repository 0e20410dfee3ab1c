/** Tests for reading a shell's own options: -c scripts, script files and stdin. */
import { describe, expect, it } from 'vitest';
import { scanShellArguments } from '../../../src/engines/shell-commands/shell-arguments.js';

describe('scanShellArguments', () => {
  it.each([
    [['-c', 'pip install x'], { command: true, stdin: false, operand: 1 }],
    [['-lc', 'pip install x'], { command: true, stdin: false, operand: 1 }],
    [['-euo', 'pipefail', '-c', 'x'], { command: true, stdin: false, operand: 3 }],
    [['+x', '-c', 'x', 'name', 'arg'], { command: true, stdin: false, operand: 2 }],
    [['--norc', '--rcfile', 'rc', '-c', 'x'], { command: true, stdin: false, operand: 4 }],
    [['-c', '-x', 'x'], { command: true, stdin: false, operand: 2 }],
    [['script.sh', '-c'], { command: false, stdin: false, operand: 0 }],
    [['--', '-script'], { command: false, stdin: false, operand: 1 }],
    [['-s', '--', '--yes'], { command: false, stdin: true, operand: 2 }],
    [['-s'], { command: false, stdin: true }],
    [[], { command: false, stdin: false }],
    [['-l'], { command: false, stdin: false }],
    [[undefined, 'x'], { command: false, stdin: false, operand: 0 }],
  ])('%j', (args, invocation) => {
    expect(scanShellArguments(args)).toEqual(invocation);
  });
});
