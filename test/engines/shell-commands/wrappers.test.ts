/** Tests for finding the wrapped command in a wrapper's arguments. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isWrapper, scanWrapper } from '../../../src/engines/shell-commands/wrappers.js';

describe('scanWrapper', () => {
  it.each([
    ['sudo', ['-u', 'root', '-E', 'pip'], 3],
    ['sudo', ['-uroot', 'pip'], 1],
    ['sudo', ['--user', 'root', '--', 'pip'], 3],
    ['sudo', ['--preserve-env=PATH', 'A=1', 'pip'], 2],
    ['env', ['-i', '-u', 'X', 'A=1', 'B=2', 'pip'], 5],
    ['env', ['-', 'pip'], 1],
    ['nice', ['-n', '5', 'pip'], 2],
    ['nice', ['-19', 'pip'], 1],
    ['timeout', ['-k', '5', '--signal=TERM', '10m', 'pip'], 4],
    ['stdbuf', ['-oL', '-e', '0', 'pip'], 3],
    ['xargs', ['-0', '-n', '1', '-P4', 'pip'], 4],
    ['xargs', ['-i{}', 'pip'], 1],
    ['xargs', ['-e', 'pip'], 1],
    ['time', ['-f', '%e', '-o', 'out', 'pip'], 4],
    ['exec', ['-cl', '-a', 'name', 'pip'], 3],
    ['corepack', ['pnpm', 'add'], 0],
    ['nohup', ['-x'], 1],
  ])('%s %j: the command starts at %i', (program, args, start) => {
    expect(scanWrapper(program, args).start).toBe(start);
  });

  it.each([
    ['sudo', ['-l', 'pip']],
    ['sudo', ['-e', 'file']],
    ['command', ['-v', 'pip']],
    ['command', ['-pV', 'pip']],
    ['doas', ['-C', 'doas.conf', 'pip']],
    ['env', ['--version']],
  ])('%s %j runs nothing', (program, args) => {
    expect(scanWrapper(program, args).stopped).toBe(true);
  });

  it('stops at a word known only at run time, which the caller reports as the program', () => {
    expect(scanWrapper('sudo', ['-E', undefined, 'pip']).start).toBe(1);
    expect(scanWrapper('sudo', ['-u', undefined, 'pip']).start).toBe(2);
    expect(scanWrapper('env', ['A=1', undefined]).start).toBe(1);
  });

  it('records options and assignments', () => {
    expect(scanWrapper('env', ['-i', '--unset=X', '-C', '/tmp', 'A=1', 'pip'])).toEqual({
      start: 5,
      options: [{ name: '-i' }, { name: '--unset', value: 'X' }, { name: '-C', value: '/tmp' }],
      assignments: [['A', '1']],
      stopped: false,
    });
  });

  it('knows its wrappers', () => {
    expect(['sudo', 'env', 'xargs', 'nohup'].every(isWrapper)).toBe(true);
    expect(['pip', 'bash', 'constructor', '__proto__'].some(isWrapper)).toBe(false);
  });

  it('never starts past the end, whatever the arguments', () => {
    const word = fc.option(fc.oneof(fc.constantFrom('-u', '--', '-', 'A=1', '-n', '10', '-oL', '--x=y'), fc.string()), { nil: undefined });
    fc.assert(
      fc.property(
        fc.constantFrom('sudo', 'env', 'nice', 'timeout', 'xargs', 'stdbuf', 'doas'),
        fc.array(word, { maxLength: 8 }),
        (program, args) => {
          const scan = scanWrapper(program, args);
          expect(scan.start).toBeGreaterThanOrEqual(0);
          expect(scan.start).toBeLessThanOrEqual(args.length);
        },
      ),
    );
  });
});
