/**
 * What `conda config` (and `mamba config`, `micromamba config`) changes for the installs that
 * follow it in the same command. Adding a channel (`conda config --add channels bioconda`) is
 * simulated: the later install reads it as it reads `-c bioconda` (conda puts either in front of the
 * configured channels), so the channel policy and the name lists still see it. Settings that change
 * neither where packages come from nor which ones are installed (`--set channel_priority strict`,
 * `--set always_yes yes`) and removals change nothing the guard relies on; anything else
 * (`channel_alias`, `default_channels`, `custom_channels`, `--file`, `--stdin`, an unknown key)
 * stays a configuration change the later install cannot be verified after.
 */

/** The marker a simulated channel addition leaves among a command's written paths. */
export const CONDA_CHANNEL_MARKER = '(conda-channel:';

/** The channels earlier `conda config` statements added, read from a command's written markers. */
export function condaChannelsAdded(written: readonly string[]): string[] {
  return written.filter((w) => w.startsWith(CONDA_CHANNEL_MARKER) && w.endsWith(')')).map((w) => w.slice(CONDA_CHANNEL_MARKER.length, -1));
}

// Keys that change neither the channels read nor the packages installed.
const HARMLESS_KEYS = new Set([
  'always_yes',
  'auto_activate',
  'auto_activate_base',
  'auto_stack',
  'auto_update_conda',
  'changeps1',
  'channel_priority',
  'default_threads',
  'env_prompt',
  'json',
  'notify_outdated_conda',
  'number_channel_notices',
  'pip_interop_enabled',
  'quiet',
  'remote_connect_timeout_secs',
  'remote_max_retries',
  'remote_read_timeout_secs',
  'report_errors',
  'repodata_threads',
  'show_channel_urls',
  'solver',
  'unsatisfiable_hints',
  'verbosity',
]);
// Options that only read, or choose which of the files conda itself reads is written.
const READING = new Set(['--show', '--show-sources', '--get', '--describe', '--validate', '--json', '--quiet', '-q', '--verbose', '-v']);
const SCOPES = new Set(['--system', '--env']);

/**
 * The markers a `config` statement of a conda-family program leaves for later statements: a
 * `(conda-channel:NAME)` per channel added, nothing for harmless settings and removals, `(config)`
 * for anything else. `args` are the words after the program, undefined where known only at run
 * time. Undefined when the words are not a config statement.
 */
export function condaConfigEffects(program: string, args: ReadonlyArray<string | undefined>): string[] | undefined {
  if (!['conda', 'mamba', 'micromamba'].includes(program) || args[0] !== 'config') return undefined;
  const rest = args.slice(1);
  // micromamba's sub-command form: `micromamba config append channels X`, `config set KEY VALUE`, `config list`.
  const verb = rest[0];
  if (verb !== undefined && /^(list|sources|get|describe)$/.test(verb)) return rest.includes(undefined) ? ['(config)'] : [];
  if (verb !== undefined && /^(append|prepend|set|remove)$/.test(verb)) return effectOf(`--${verb}`, rest[1], rest[2], rest.length === 3);
  if (verb === 'remove-key') return effectOf('--remove-key', rest[1], undefined, rest.length === 2);
  const markers: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === undefined) return ['(config)'];
    if (SCOPES.has(arg) || READING.has(arg)) {
      // `--show KEY`, `--get KEY`, `--describe KEY`: an optional key that is not an option.
      if (/^--(show|get|describe)$/.test(arg) && rest[i + 1] !== undefined && !rest[i + 1]!.startsWith('-')) i++;
      continue;
    }
    const takes = /^--(add|append|prepend|set|remove)$/.test(arg) ? 2 : arg === '--remove-key' ? 1 : -1;
    if (takes < 0) return ['(config)'];
    const effect = effectOf(arg, rest[i + 1], rest[i + 2], i + takes < rest.length);
    if (effect.includes('(config)')) return ['(config)'];
    markers.push(...effect);
    i += takes;
  }
  return markers;
}

/** One operation's markers; `complete` is false when its key or value is missing. */
function effectOf(op: string, key: string | undefined, value: string | undefined, complete: boolean): string[] {
  // conda's argument parser never takes an option as a key or value: such a statement is not what it seems.
  if (!complete || key?.startsWith('-') === true || value?.startsWith('-') === true) return ['(config)'];
  if (op === '--show' || op === '--get' || op === '--describe') return [];
  if (key === undefined) return ['(config)'];
  if (op === '--remove' || op === '--remove-key') return key === 'channels' || HARMLESS_KEYS.has(key) ? [] : ['(config)'];
  if (key === 'channels' && op !== '--set' && value !== undefined && /^[\w.:/@+-]+$/.test(value))
    return [`${CONDA_CHANNEL_MARKER}${value})`];
  return HARMLESS_KEYS.has(key) && value !== undefined ? [] : ['(config)'];
}
