/**
 * The held-out split's command recipes (hooks and wrapper/shims): parts combined by a seeded
 * sampler — runners the tune split does not use, control structures, spellings of the program word,
 * shells and string carriers, bash evaluation contexts, interpreters and their code forms, managers
 * and their install spellings, malformed text. `{X}` is the probe's made-up package name.
 */
import { type Recipe } from './heldout-recipes.js';

type Random = () => number;

/** Install commands with a plain program word (the word a spelling rewrites) and a rest. */
const INSTALLS: ReadonlyArray<[string, string]> = [
  ['pip', 'install {X}'],
  ['pip3', 'install --user {X}'],
  ['python3', '-m pip install -U {X}'],
  ['npm', 'i {X}'],
  ['npm', 'add {X}'],
  ['npm', 'in {X}'],
  ['pnpm', 'add {X}'],
  ['yarn', 'add {X}'],
  ['uv', 'pip install {X}'],
  ['uv', 'add {X}'],
  ['poetry', 'add {X}'],
  ['pipx', 'install {X}'],
  ['bun', 'add {X}'],
  ['npm', 'install --save-dev {X}'],
];
const RUNNERS = [
  'nohup',
  'stdbuf -o0 -e0',
  'nice -19',
  'timeout --preserve-status 30',
  'env -u HOME',
  'env --chdir=.',
  'setsid -w',
  'flock -w 5 /tmp/hl.lock',
  'builtin command',
  'exec',
  'command --',
  'env -i PATH="$PATH"',
  'timeout -k 1 30 nice',
  'setsid --fork',
  'nohup nice -n 3',
  'sg root -c',
];
const CONTEXTS = [
  '{C}',
  'true && {C}',
  'false || {C}',
  'if true; then {C}; fi',
  'for i in 1; do {C}; done',
  'while true; do {C}; break; done',
  'case a in a) {C};; esac',
  'f() { {C}; }; f',
  '{C} &\nwait',
  '! {C}',
  'time {C}',
  'echo start\n{C}',
  '[ -d . ] && {C}',
  'until {C}; do break; done',
  'g() ( {C} ); g',
  'if ! false; then :; else :; fi; {C}',
];
const SPELLINGS: ReadonlyArray<(program: string) => string> = [
  (p) => `\\${p}`,
  (p) => `'${p}'`,
  (p) => `"${p}"`,
  (p) => `${p.slice(0, 1)}''${p.slice(1)}`,
  (p) => `${p.slice(0, 1)}"${p.slice(1)}"`,
  (p) => `$'\\x${p.charCodeAt(0).toString(16)}'${p.slice(1)}`,
  (p) => `\${HL_UNSET:-${p}}`,
  (p) => `$(command -v ${p})`,
  (p) => (p.length > 2 ? `${p.slice(0, 2)}\\${p.slice(2)}` : `${p}\\\n`),
  (p) => `command ${p}`,
];
const SHELLS = [
  "dash -c '{S}'",
  'bash -lc "{S}"',
  "sh -c $'{S}'",
  "eval '{S}'",
  "bash <<< '{S}'",
  'sh -s <<< "{S}"',
  "source /dev/stdin <<< '{S}'",
  ". <(echo '{S}')",
  "bash <(printf '%s\\n' '{S}')",
  "echo '{S}' | sh",
  "printf '%s' '{S}' | bash -s",
  "sg root -c '{S}'",
  "runuser -u root -- sh -c '{S}'",
  "env -S '{S}'",
  "xargs -I@ sh -c @ <<< '{S}'",
  "find . -maxdepth 0 -exec sh -c '{S}' \\;",
  "nohup sh -c '{S}' >/dev/null",
  "vim -es -c '!{S}' -c 'q!'",
  "ed -s /dev/null <<< '!{S}'",
  "echo 'exec {S}' | tclsh",
  "perl -E 'system q({S})'",
  "make -f - <<< $'all:\\n\\t{S}'",
  "bash -c 'eval \"$0\"' '{S}'",
  'sh -c \'"$@"\' _ {W}',
  'echo {W} | xargs',
  "xargs -a /dev/stdin <<< '{S}'",
];
const EVAL_CONTEXTS = [
  ': ${V:=$({S})}',
  'echo "${a[$({S})]}"',
  '(( a[$({S} >/dev/null; echo 0)] ))',
  "test -v 'a[$({S})]'",
  "mapfile -C '{S} #' -c 1 arr <<< x",
  "PS4='$({S})'; set -x; true",
  "trap '{S}' ERR; false",
  "trap '{S}' DEBUG; :",
  "declare -i n; n='a[$({S})]'",
  "unset 'a[$({S})]'",
  "X='a[$({S})]'; echo ${!X}",
  'cat <<EOF\n$({S})\nEOF',
  ': > "$({S} >&2; echo /dev/null)"',
  'diff <({S}) /dev/null',
  'cat < <({S})',
  'echo "${HOME/x/$({S})}"',
  'for ((i=$({S} >/dev/null; echo 0); i<1; i++)); do :; done',
  'case $({S}) in *) ;; esac',
  '[[ -n $({S}) ]]',
  'f() { local v=$({S}); }; f',
  'echo $[ $({S} >/dev/null; echo 1) + 1 ]',
  'tee >({S}) </dev/null',
];
/** Code forms per interpreter: `{Q}` is an install command as a string, `{L}` as a quoted list. */
const PY_FORMS = [
  'import os; os.popen("{Q}").read()',
  'import os; os.execvp("{P}", {L})',
  'import os; os.spawnlp(os.P_WAIT, "{P}", *{L})',
  'import subprocess; subprocess.Popen({L}).wait()',
  'import subprocess as s; s.call("{Q}".split())',
  'import subprocess; subprocess.getoutput("{Q}")',
  'import pty; pty.spawn({L})',
  '__import__("subprocess").run({L})',
  'import os,base64; os.system(base64.b64decode("{B}").decode())',
  'exec("import os\\nos.system(\\"{Q}\\")")',
];
const PYTHONS = ['python3', 'python3.12', 'python3.11', 'python', '/usr/bin/env python3', 'python3 -B', 'python3 -u', 'python3 -X utf8'];
const NODE_FORMS = [
  "node -e \"require('child_process').execFileSync('{P}', {J})\"",
  "node -e \"require('node:child_process').spawn('{P}', {J}, {stdio: 'inherit'})\"",
  "node --input-type=module -e \"import {execSync} from 'node:child_process'; execSync('{Q}')\"",
  "node -e \"import('node:child_process').then((c) => c.execSync('{Q}'))\"",
  "node -e \"eval(Buffer.from('{N}', 'base64').toString())\"",
  "node --eval=\"require('child_process').execSync('{Q}')\"",
  "node -pe \"require('child_process').execSync('{Q}').length\"",
  "node - <<'EOF'\nconst { execSync } = require('child_process');\nexecSync('{Q}');\nEOF",
];
const OTHER_CODE = [
  "perl -E 'qx({Q})'",
  "perl -e '`{Q}`'",
  'perl -e \'open(my $f, "-|", "{Q}"); print <$f>\'',
  'echo \'system("{Q}")\' | perl',
  'mawk \'BEGIN{system("{Q}")}\'',
  "awk '{system($0)}' <<< '{Q}'",
  "echo '{Q}' | awk '{ print | \"sh\" }'",
  'awk \'BEGIN { while (("{Q}" | getline l) > 0) print l }\'',
  "sed 's/.*/{Q}/e' <<< x",
  "echo x | sed 'e {Q}'",
  "echo 'exec {Q}' | tclsh",
  "echo '{Q}' > hl.sh && bash hl.sh",
  "printf '#!/bin/sh\\n{Q}\\n' > hl.sh; chmod +x hl.sh; ./hl.sh",
  'echo \'import os; os.system("{Q}")\' > hl.py && python3 hl.py',
  "cat > hl.js <<'EOF'\nrequire('child_process').execSync('{Q}')\nEOF\nnode hl.js",
  'python3 -m pip._internal.cli.main install {X}',
  'python3 -c \'import pip._internal as p; p.main(["install", "{X}"])\'',
];
const UNMODELLED = [
  'npm ins {X}',
  'npm inst {X}',
  'npm isnt {X}',
  'npm i --no-save {X}',
  'npm update {X}',
  'npm up {X}',
  'npm udpate {X}',
  'npm exec --yes --package={X} -- true',
  'npx --yes {X}',
  'npm init {X}',
  'yarn create {X}',
  'pnpm create {X}',
  'pnpm install {X}',
  'pnpm i {X}',
  'yarn global add {X}',
  'bun i {X}',
  'bun a {X}',
  'bunx --bun {X}',
  'uv tool install {X}',
  'uvx --from {X} hl',
  'uvx {X}@latest',
  'uv add --dev {X}',
  'poetry add --group dev {X}',
  'poetry self add {X}',
  'pipx runpip black install {X}',
  'pdm add -d {X}',
  'pipenv install --dev {X}',
  'pixi add --pypi {X}',
  'rye add --dev {X}',
  'pdm run pip install {X}',
  'pipenv run pip install {X}',
  'pixi run pip install {X}',
  'hatch -e test run pip install {X}',
  'rye run pip install {X}',
  'deno install -g npm:{X}',
  'deno run -A npm:{X}',
  'volta run npm i {X}',
  'mise x -- npm i {X}',
  'fnm exec --using=20 npm i {X}',
  'corepack pnpm@8 add {X}',
  'conda install -c conda-forge {X}',
  'mamba install -y {X}',
  'micromamba install {X}',
  'pip3.12 install {X}',
  'python3 -m pipx install {X}',
  'python3 -m uv pip install {X}',
  'yarn dlx {X}',
  'pnpm dlx {X}',
  'npm --prefix . add {X}',
];
const MALFORMED = [
  'X="\udbff"; pip install {X}',
  'cat <<EOF\n\udc01\nEOF\nnpm i {X}',
  'echo a && echo \ud834 || true; pip3 install {X}',
  'printf \'%s\' "\udfff"; uv pip install {X}',
  '\ufeffecho ok; npm add {X}',
  'echo hi\r\npip install {X}',
  'echo \ud800\udc00\udbff; pnpm add {X}',
  '# \udfff comment\nyarn add {X}',
  'V=$(echo \ud9ff); poetry add {X}',
  ': "\udc80" && python3 -m pip install {X}',
];

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function installString(random: Random): { s: string; program: string; rest: string } {
  const [program, rest] = pick(random, INSTALLS);
  return { s: `${program} ${rest}`, program, rest };
}

/** Base64 of the text once its names are filled in (build-heldout.ts expands the mark). */
function b64(text: string): string {
  return `{B64[${text}]}`;
}

/** Bash commands for the hooks (the surface is drawn per probe). */
export function HELDOUT_BASH(random: Random): Recipe[] {
  const out: Recipe[] = [];
  const bash = (cls: string, text: string): void => void out.push({ cls, kind: 'bash', text });
  for (let i = 0; i < 34; i++) {
    const { s } = installString(random);
    const runner = pick(random, RUNNERS);
    const inner = runner.endsWith('-c') ? `${runner} '${s}'` : `${runner} ${s}`;
    bash(
      'runner',
      pick(random, CONTEXTS).replace('{C}', () => inner),
    );
  }
  for (let i = 0; i < 30; i++) {
    const { program, rest } = installString(random);
    const spelled = `${pick(random, SPELLINGS)(program)} ${rest}`;
    bash(
      'spelling',
      pick(random, CONTEXTS).replace('{C}', () => spelled),
    );
  }
  for (const shell of SHELLS) {
    const { s } = installString(random);
    bash(
      'runner-string',
      shell.replaceAll('{S}', () => s).replaceAll('{W}', () => s),
    );
  }
  for (const context of EVAL_CONTEXTS) {
    const { s } = installString(random);
    bash(
      'bash-eval',
      context.replaceAll('{S}', () => s),
    );
  }
  for (const code of PY_FORMS) {
    const { s, program, rest } = installString(random);
    const list = JSON.stringify([program, ...rest.split(' ')]);
    const text = code
      .replaceAll('{Q}', () => s)
      .replaceAll('{P}', () => program)
      .replaceAll('{L}', () => list)
      .replaceAll('{B}', () => b64(s));
    bash('interpreter', `${pick(random, PYTHONS)} -c '${text.replaceAll("'", "'\\''")}'`);
  }
  for (const code of NODE_FORMS) {
    const { s, program, rest } = installString(random);
    const list = JSON.stringify(rest.split(' ')).replaceAll('"', "'");
    bash(
      'interpreter',
      code
        .replaceAll('{Q}', () => s)
        .replaceAll('{P}', () => program)
        .replaceAll('{J}', () => list)
        .replaceAll('{N}', () => b64(`require('child_process').execSync('${s}')`)),
    );
  }
  for (const code of OTHER_CODE) {
    const { s } = installString(random);
    bash(
      'interpreter',
      code.replaceAll('{Q}', () => s),
    );
  }
  for (const command of UNMODELLED) bash('unmodelled', command);
  for (const command of MALFORMED) bash('malformed', command);
  return out;
}

/** Argv for the wrapper (`guard <pm> …`) and the PATH shims. */
export function HELDOUT_ARGV(random: Random): Recipe[] {
  const forms: Array<[string, string[]]> = [
    ['argv', ['pip', '--isolated', 'install', '{X}']],
    ['argv', ['pip', '-q', 'install', '{X}']],
    ['argv', ['pip3', 'install', '-U', '{X}']],
    ['argv', ['npm', '--silent', 'i', '{X}']],
    ['argv', ['npm', '-g', 'add', '{X}']],
    ['argv', ['npm', 'in', '{X}']],
    ['argv', ['npm', 'isnt', '{X}']],
    ['argv', ['pnpm', 'i', '{X}']],
    ['argv', ['pnpm', '--filter', 'app', 'add', '{X}']],
    ['argv', ['yarn', 'global', 'add', '{X}']],
    ['argv', ['bun', 'a', '{X}']],
    ['argv', ['uv', 'pip', 'install', '--system', '{X}']],
    ['argv', ['uv', 'add', '--dev', '{X}']],
    ['argv', ['poetry', 'add', '-G', 'dev', '{X}']],
    ['argv', ['pipx', 'install', '--force', '{X}']],
    ['argv', ['npx', '--yes', '{X}']],
    ['argv', ['yarn', 'dlx', '{X}']],
    ['argv', ['bunx', '{X}']],
    ['argv', ['uvx', '{X}']],
    ['argv', ['pipx', 'run', '{X}']],
    ['argv', ['npm', 'create', '{X}']],
    ['argv', ['pnpm', 'create', '{X}']],
    ['argv', ['npm', 'update', '{X}']],
    ['argv', ['npm', 'udpate', '{X}']],
    ['argv', ['pdm', 'add', '{X}']],
    ['argv', ['pipenv', 'install', '{X}']],
    ['argv', ['pip', 'install', '{X}\ud800']],
    ['argv', ['npm', 'exec', '--yes', '--package', '{X}', '--', 'true']],
    ['argv', ['uv', 'tool', 'install', '{X}']],
    ['argv', ['pip3', 'install', '--pre', '{X}']],
  ];
  return forms.map(([, argv]) => ({
    cls: 'unmodelled-argv',
    kind: 'argv' as const,
    text: JSON.stringify(argv),
    surface: random() < 0.5 ? ('wrapper' as const) : ('shim' as const),
  }));
}
