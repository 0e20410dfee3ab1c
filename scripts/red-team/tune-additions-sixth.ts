/**
 * The sixth round of tune probes (see tune-additions.ts), in the classes still weak after the fifth:
 * interpreter code in every form (escapes, a manager's script found at run time, a project's own
 * script run by an interpreter, argv lists holding a manager's name as a package), manifests and
 * manifest paths given as arguments (`-e` folders of pipx and uv tool), and sub-commands the parsers
 * read only lately (`uv tool upgrade`). `npm start` with its implicit server.js is left to unit tests:
 * the sandbox's npm is a stub that runs no script, so it cannot observe it.
 * Same fill markers as tune-additions.ts: `{P}` the made-up name.
 */

type BashRow = [string, string, Record<string, string>?];
type ArgvRow = [string, string[], Record<string, string>?, Record<string, string>?];

const SERVER = {
  'package.json': '{"name":"a","version":"1.0.0"}\n',
  'server.js': "require('child_process').execSync('npm i {P}');\n",
};
const TOOL_PY = { 'tools/setup_env.py': "import subprocess\nsubprocess.run(['pip', 'install', '{P}'])\n" };
const SUB_PROJECT = { 'sub/pyproject.toml': '[project]\nname = "sub"\nversion = "0.1"\ndependencies = ["{P}"]\n' };

export const BASH_SIXTH: readonly BashRow[] = [
  ['interpreter', 'python3 $(command -v pip) install {P}'],
  ['interpreter', 'python3 "$(which pip3)" install {P}'],
  ['interpreter', 'node "$(dirname "$(command -v npm)")/../lib/node_modules/npm/bin/npm-cli.js" install {P}'],
  ['interpreter', 'node server.js', SERVER],
  ['interpreter', 'node ./server.js --port 0', SERVER],
  ['interpreter', 'python3 -u tools/setup_env.py', TOOL_PY],
  ['interpreter', "python3 -c \"import subprocess; subprocess.run(['pip', 'install', '-U', 'pip', '{P}'])\""],
  ['interpreter', "python3 - <<'EOF'\nimport subprocess\nsubprocess.run(['pip', 'install', '-U', 'pip', '{P}'])\nEOF"],
  ['interpreter', "node -e \"require('child_process').execFileSync('npm', ['install', '--save', 'npm', '{P}'])\""],
  ['unmodelled', 'pipx install --force {P}'],
  ['unmodelled', 'uv tool upgrade {P} || true'],
  ['manifests', 'pipx install -e sub', SUB_PROJECT],
  ['manifests', 'uv tool install --editable sub', SUB_PROJECT],
  ['manifests', 'pip install -e sub/', SUB_PROJECT],
];

export const ARGV_SIXTH: readonly ArgvRow[] = [
  ['manifests-argv', ['pipx', 'install', '-e', 'sub'], undefined, SUB_PROJECT],
  ['manifests-argv', ['uv', 'tool', 'install', '--editable', 'sub'], undefined, SUB_PROJECT],
  ['interpreter-argv', ['python3', 'tools/setup_env.py'], undefined, TOOL_PY],
  ['unmodelled-argv', ['uv', 'tool', 'upgrade', '{P}']],
];
