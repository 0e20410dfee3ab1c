/**
 * The conda recipe builders' command lines: `conda build` / `conda mambabuild` / `conda-build` (meta.yaml
 * recipes), `rattler-build build` and `boa build` (recipe.yaml). A build installs the recipe's build,
 * host, run and test requirements from the channels given (`-c`), so the recipe is read
 * (conda-recipes.ts); a sub-command no rule names is unresolved, never "installs nothing".
 */
import { type FileReader, type InstallRequest } from './types.js';
import { emptyRequest } from './install-request.js';
import { otherCommandRequest } from './known-commands.js';
import { scanOptions, valuedOptionTable, type OptionTable } from './option-scan.js';
import { readCondaRecipe, type RecipeFormat } from './conda-recipes.js';
import { programName } from '../../shared/program-name.js';

export interface RecipeCommandContext {
  cwd: string;
  files: FileReader;
}

/** conda-build 25.x `conda build` options that take a value (conda_build/cli/main_build.py). */
const CONDA_BUILD: OptionTable = valuedOptionTable([
  '-c/--channel',
  '-m/--variant-config-files',
  '-e/--exclusive-config-files',
  '--variants',
  '--python',
  '--perl',
  '--numpy',
  '--R',
  '--lua',
  '--output-folder',
  '--croot',
  '--prefix-length',
  '--cache-dir',
  '--zstd-compression-level',
  '--package-format',
  '--stats-file',
  '--extra-deps',
  '--extra-meta',
  '--append-file',
  '--clobber-file',
  '--build-id-pat',
  '--token',
  '--user',
  '--label',
  '--conda-pkg-format',
]);
/** rattler-build 0.x: global options and `build`'s (rattler_build's clap definitions). */
const RATTLER_BUILD: OptionTable = valuedOptionTable([
  '-r/--recipe',
  '--recipe-dir',
  '-c/--channel',
  '-m/--variant-config',
  '--variant',
  '--target-platform',
  '--build-platform',
  '--host-platform',
  '--output-dir',
  '--package-format',
  '--compression-threads',
  '--io-concurrency-limit',
  '--log-style',
  '--color',
  '--wrap-log-lines',
  '--config-file',
  '--auth-file',
  '--channel-priority',
  '--test',
  '--extra-meta',
  '--build-num',
  '--zstd-compression-level',
]);
/** boa's `build` options (boa/cli/boa.py). */
const BOA_BUILD: OptionTable = valuedOptionTable([
  '-c/--channel',
  '-m/--variant-config-files',
  '--target-platform',
  '--output-folder',
  '--pkg-format',
  '--zstd-compression-level',
  '--croot',
]);

/**
 * Reads a recipe build command: `conda build|mambabuild …`, `conda-build …`, `rattler-build …`, `boa …`;
 * undefined for any other command. Never throws.
 */
export function parseRecipeCommand(argv: readonly string[], context: RecipeCommandContext): InstallRequest | undefined {
  const program = programName(argv[0] ?? '');
  if (program === 'conda') {
    const sub = argv.slice(1).find((word) => !word.startsWith('-'));
    if (sub !== 'build' && sub !== 'mambabuild') return undefined;
    // conda's own options come before the sub-command and take no value conda build reads.
    return buildRequest(argv.slice(argv.indexOf(sub) + 1), CONDA_BUILD, 'meta', context);
  }
  if (program === 'conda-build') return buildRequest(argv.slice(1), CONDA_BUILD, 'meta', context);
  if (program === 'rattler-build' || program === 'boa') {
    const table = program === 'boa' ? BOA_BUILD : RATTLER_BUILD;
    const scanned = scanOptions(argv, 1, table, 1);
    const sub = scanned.positionals[0];
    if (sub === undefined) return emptyRequest('conda');
    if (sub !== 'build' && !(program === 'rattler-build' && sub === 'publish')) return otherCommandRequest('conda', sub, program);
    const rest = argv.slice(scanned.end);
    const request = buildRequest(rest, table, 'rattler', context, program === 'rattler-build');
    for (const [name, value] of scanned.options) addOption(name, value, request);
    // rattler-build's `--channel` defaults to conda-forge; boa reads conda's configured channels.
    if (program === 'rattler-build' && request.indexes.length === 0) request.indexes.push('conda-forge');
    return request;
  }
  return undefined;
}

function buildRequest(
  args: readonly string[],
  table: OptionTable,
  format: RecipeFormat,
  context: RecipeCommandContext,
  recipeByOption = false,
): InstallRequest {
  const request = emptyRequest('conda', true);
  const scanned = scanOptions(args, 0, table);
  const recipes: string[] = [];
  for (const [name, value] of scanned.options) {
    if (name === 'recipe' && value !== undefined) recipes.push(value);
    else if (name === 'test' && !recipeByOption) {
      // `conda build --test PKG`: installs the built package's test requirements, read from inside it.
      request.unresolved.push({ what: '--test', why: 'a built package is tested with requirements inside the package' });
    } else addOption(name, value, request);
  }
  if (recipeByOption) {
    for (const positional of scanned.positionals)
      request.unresolved.push({ what: positional, why: 'an argument the builder does not take' });
    if (recipes.length === 0) recipes.push('.');
  } else recipes.push(...scanned.positionals);
  if (recipes.length === 0) request.unresolved.push({ what: 'recipe', why: 'no recipe named: conda build needs one' });
  for (const recipe of recipes) readCondaRecipe(recipe, format, context, request);
  request.indexes = [...new Set(request.indexes)];
  return request;
}

function addOption(name: string, value: string | undefined, request: InstallRequest): void {
  if (name === 'channel' && value !== undefined && value.length > 0) request.indexes.push(value);
  else if (name === 'recipe-dir' || name === 'extra-deps') {
    request.unresolved.push({ what: `--${name} ${value ?? ''}`.trim(), why: `what --${name} adds is not read` });
  }
}
