import { describe, expect, it } from 'vitest';

import { parseMcpArguments, readPackageVersion, runMcp } from '../../../src/cli/commands/mcp.js';
import { runCommand } from '../../../src/cli/command.js';
import { captureIo } from '../../fixtures/capture-io.js';
import { GuardError } from '../../../src/shared/errors.js';

describe('parseMcpArguments', () => {
  it.each([
    [[], { http: false, port: 8765, host: '127.0.0.1', help: false }],
    [['--http'], { http: true, port: 8765, host: '127.0.0.1' }],
    [['--http', '--port', '0'], { http: true, port: 0 }],
    [['--http', '--port=9000', '--host', '::1'], { http: true, port: 9000, host: '::1' }],
    [['--http', '--host', 'localhost'], { host: 'localhost' }],
    [['-h'], { help: true }],
  ])('parses %j', (argv, expected) => {
    expect(parseMcpArguments(argv)).toMatchObject(expected);
  });

  it.each([
    [['--http', '--port', 'abc'], /--port must be an integer from 0 to 65535, got "abc"/],
    [['--http', '--port', '65536'], /got "65536"/],
    [['--http', '--port', '-1'], /--port/],
    [['--http', '--port', '1.5'], /got "1.5"/],
    [['--http', '--host', '0.0.0.0'], /--host must be a loopback address, got "0.0.0.0"/],
    [['--port', '9000'], /only apply to the HTTP server/],
    [['--verbose'], /--verbose/],
    [['serve'], /serve/],
  ])('rejects %j', (argv, message) => {
    let thrown: unknown;
    try {
      parseMcpArguments(argv);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GuardError);
    expect(thrown).toMatchObject({ code: 'INPUT_INVALID', message: expect.stringMatching(message) });
  });
});

describe('runMcp', () => {
  it('exits 2 with the reason and usage on stderr for a bad port, writing nothing to stdout', async () => {
    const { io, out, err } = captureIo();
    expect(await runCommand('mcp', runMcp, ['--http', '--port', 'eighty'], io)).toBe(2);
    expect(err()).toMatch(/^guard mcp: INPUT_INVALID: --port must be an integer/);
    expect(err()).toMatch(/Usage: guard mcp/);
    expect(out()).toBe('');
  });

  it('exits 2 for a non-loopback host, with the fix as hint', async () => {
    const { io, err } = captureIo();
    expect(await runCommand('mcp', runMcp, ['--http', '--host', '192.168.1.5'], io)).toBe(2);
    expect(err()).toMatch(/use 127\.0\.0\.1, ::1 or localhost/);
  });

  it('prints usage on stdout for --help', async () => {
    const { io, out } = captureIo();
    expect(await runCommand('mcp', runMcp, ['--help'], io)).toBe(0);
    expect(out()).toMatch(/GUARD_MCP_TOKEN/);
  });
});

describe('readPackageVersion', () => {
  it('reads the version from the package.json three levels up', async () => {
    expect(await readPackageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('runMcp --http with GUARD_MCP_TOKEN set but empty', () => {
  it.each(['', '   '])('is a configuration error (exit 2), not a server without a token: %j', async (token) => {
    const { io, err } = captureIo({ env: { GUARD_MCP_TOKEN: token } });
    expect(await runCommand('mcp', runMcp, ['--http', '--port', '0'], io)).toBe(2);
    expect(err()).toMatch(/GUARD_MCP_TOKEN is set but empty/);
  });
});
