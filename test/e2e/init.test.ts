/** The built `guard init` on repositories that already have agent configs: merged, never clobbered, never duplicated. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
const root = mkdtempSync(join(tmpdir(), 'gg-init-e2e-'));

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function guard(args: string[], cwd = root) {
  const run = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GUARD_HOME: join(root, 'guard-home') },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function repo(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

const existing = {
  '.mcp.json': JSON.stringify({ mcpServers: { docs: { type: 'stdio', command: 'docs-mcp', args: [] } } }, null, 2),
  '.claude/settings.json': JSON.stringify(
    {
      permissions: { allow: ['Bash(npm test:*)'], deny: ['Read(./.env)'] },
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'audit-bash' }] }],
        PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'prettier --write' }] }],
      },
    },
    null,
    2,
  ),
  '.cursor/mcp.json': JSON.stringify({ mcpServers: { groundguard: { command: 'npx', args: ['-y', 'groundguard', 'mcp'] } } }),
  '.cursor/hooks.json': JSON.stringify({ version: 1, hooks: { afterFileEdit: [{ command: './fmt.sh' }] } }),
  '.codex/config.toml': '# team settings\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n',
};

const portable = (protocol: string): string =>
  `guard hook ${protocol} || { s=$?; [ "$s" -eq 2 ] || echo "groundguard could not run its hook (exit $s), so this call is blocked" >&2; exit 2; }`;

describe('guard init (built CLI)', () => {
  it('merges into existing configs, keeping every key, server and hook', () => {
    const dir = repo('merge', existing);
    const run = guard(['init', 'claude-code', 'cursor', 'codex', '--portable', '--dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/updated\s+\.mcp\.json \(added MCP server "groundguard"\)/);
    expect(run.stdout).toMatch(
      /unchanged\s+\.cursor\/mcp\.json\n\s+an MCP server named "groundguard" is already configured differently; kept as it is/,
    );
    const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
    expect(read('.mcp.json').mcpServers).toEqual({
      docs: { type: 'stdio', command: 'docs-mcp', args: [] },
      groundguard: { type: 'stdio', command: 'guard', args: ['mcp'] },
    });
    const settings = read('.claude/settings.json');
    expect(settings.permissions).toEqual({ allow: ['Bash(npm test:*)'], deny: ['Read(./.env)'] });
    expect(settings.hooks.PostToolUse).toEqual([{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'prettier --write' }] }]);
    expect(settings.hooks.PreToolUse).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'audit-bash' }] },
      { matcher: 'Bash', hooks: [{ type: 'command', command: portable('claude-code') }] },
      { matcher: 'Write|Edit|MultiEdit', hooks: [{ type: 'command', command: portable('claude-code') }] },
    ]);
    expect(readFileSync(join(dir, '.cursor/mcp.json'), 'utf8')).toBe(existing['.cursor/mcp.json']);
    expect(read('.cursor/hooks.json')).toEqual({
      version: 1,
      hooks: { afterFileEdit: [{ command: './fmt.sh' }], beforeShellExecution: [{ command: portable('cursor'), failClosed: true }] },
    });
    const toml = readFileSync(join(dir, '.codex/config.toml'), 'utf8');
    expect(toml.startsWith(existing['.codex/config.toml'])).toBe(true);
    expect(parseToml(toml)).toEqual({
      model: 'o3',
      mcp_servers: { docs: { command: 'docs-mcp' }, groundguard: { command: 'guard', args: ['mcp'] } },
      hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: portable('codex') }] }] },
    });
  });

  it('changes nothing when run again', () => {
    const dir = join(root, 'merge');
    const files = ['.mcp.json', '.claude/settings.json', '.cursor/mcp.json', '.cursor/hooks.json', '.codex/config.toml'];
    const before = files.map((file) => readFileSync(join(dir, file), 'utf8'));
    const run = guard(['init', 'claude-code', 'cursor', 'codex', '--dir', dir]);
    expect(run.code).toBe(0);
    expect(run.stdout.match(/unchanged/g)).toHaveLength(5);
    expect(files.map((file) => readFileSync(join(dir, file), 'utf8'))).toEqual(before);
  });

  it('writes into the current directory by default, only for the agents named', () => {
    const dir = repo('cwd', {});
    expect(guard(['init', 'cursor', 'codex'], dir).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['.codex', '.cursor']);
  });

  it('names an invalid file and writes nothing', () => {
    const dir = repo('broken', { '.claude/settings.json': '{ "hooks": { "PreToolUse": [ }' });
    const run = guard(['init', '--dir', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(dir, '.claude', 'settings.json')} is not valid JSON`);
    expect(run.stderr).toContain('nothing was written');
    expect(readdirSync(dir)).toEqual(['.claude']);
    expect(readFileSync(join(dir, '.claude/settings.json'), 'utf8')).toBe('{ "hooks": { "PreToolUse": [ }');
  });

  it('shows what it would write on --dry-run, and writes nothing', () => {
    const dir = repo('dry', {});
    const run = guard(['init', 'claude-code', '--dir', dir, '--dry-run']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/would create\s+\.claude\/settings\.json/);
    expect(run.stdout).toContain(`${realpathSync(join(dirname(cli), 'hook.cjs'))} hook claude-code || `);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('rejects an unknown agent with the usage', () => {
    const run = guard(['init', 'emacs']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown agent "emacs"');
  });

  it('writes hooks that name node and the hook entry point by absolute path, and block when the entry point is gone', () => {
    const dir = repo('absolute', {});
    expect(guard(['init', 'all', '--dir', dir]).code).toBe(0);
    const settings = JSON.parse(readFileSync(join(dir, '.claude/settings.json'), 'utf8'));
    const command: string = settings.hooks.PreToolUse[0].hooks[0].command;
    // The hook's own entry point (dist/cli/hook.cjs: no ES module loader), beside the CLI's.
    const entry = realpathSync(join(dirname(cli), 'hook.cjs'));
    expect(
      command.startsWith(`'${realpathSync(process.execPath)}' '${entry}' hook claude-code || `) ||
        command.startsWith(`${realpathSync(process.execPath)} ${entry} hook claude-code || `),
    ).toBe(true);
    const event = JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      cwd: dir,
      tool_input: { command: 'pip install reqeusts' },
    });
    const env = { PATH: '/usr/bin:/bin', GUARD_HOME: join(root, 'guard-home'), HOME: root };
    const works = spawnSync('/bin/sh', ['-c', command], { input: event, encoding: 'utf8', env });
    expect(JSON.parse(works.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const gone = spawnSync('/bin/sh', ['-c', command.replaceAll(entry, join(root, 'moved', 'hook.cjs'))], {
      input: event,
      encoding: 'utf8',
      env,
    });
    expect(gone.status).toBe(2);
    expect(gone.stderr).toMatch(/groundguard could not run its hook/);
    for (const file of [
      '.gemini/settings.json',
      '.windsurf/hooks.json',
      '.clinerules/hooks/PreToolUse',
      '.github/hooks/groundguard.json',
      '.vscode/mcp.json',
    ])
      expect(existsSync(join(dir, file)), file).toBe(true);
  });
});
