/** `guard mcp --gate-port N`: parsed with the other options; a bad port is an input error. */
import { describe, expect, it } from 'vitest';
import { parseMcpArguments } from '../../../src/cli/commands/mcp.js';

describe('guard mcp --gate-port', () => {
  it.each([
    [['--gate-port', '8766'], { http: false, gatePort: 8766 }],
    [['--http', '--port', '0', '--gate-port', '0'], { http: true, port: 0, gatePort: 0 }],
    [['--gate-port', '0', '--stream-files'], { gatePort: 0, streamFiles: true }],
  ])('%j', (argv, expected) => {
    expect(parseMcpArguments(argv)).toMatchObject(expected);
  });

  it('has no gate unless asked', () => {
    expect(parseMcpArguments([]).gatePort).toBeUndefined();
  });

  it('takes --stream-files only with a gate', () => {
    expect(parseMcpArguments(['--gate-port', '0']).streamFiles).toBeUndefined();
    expect(() => parseMcpArguments(['--stream-files'])).toThrow(/--stream-files applies to the registry gate/);
  });

  it('rejects a port out of range', () => {
    expect(() => parseMcpArguments(['--gate-port', '70000'])).toThrow(/--gate-port must be an integer/);
  });
});
