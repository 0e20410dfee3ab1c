/**
 * Reads conda recipes as install requests: `meta.yaml` (conda-build, `conda mambabuild`; its Jinja2
 * subset and line selectors) and `recipe.yaml` (rattler-build, boa; `context:`, `${{ }}` and
 * `if/then/else` items). The requirements a build installs (build, host and run, test requirements,
 * each output's) are conda MatchSpecs; a recipe's own outputs are built, not fetched. What cannot be read
 * (a missing recipe, a statement outside the subset, a name built from an unknown variable) is
 * reported as unresolved. The YAML parser is loaded on first use, keeping the hook path cheap.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { type FileReader, type InstallRequest } from './types.js';
import { classifyCondaSpec } from './conda-managers.js';
import { renderMetaYaml, substituteJinja, UNREADABLE, type JinjaVariables } from './recipe-jinja.js';
import { applySelectors } from './recipe-selectors.js';

export type RecipeFormat = 'meta' | 'rattler';

export interface RecipeContext {
  cwd: string;
  files: FileReader;
}

type ParseYaml = (text: string, options: { uniqueKeys: boolean }) => unknown;
let loadedYaml: ParseYaml | undefined;
function parseYaml(text: string): unknown {
  loadedYaml ??= (createRequire(import.meta.url)('yaml') as { parse: ParseYaml }).parse;
  // conda-build's YAML reader keeps the last of repeated keys; so does this one.
  return loadedYaml(text, { uniqueKeys: false });
}

const META_FILES = ['meta.yaml', 'meta.yml', 'conda.yaml', 'recipe/meta.yaml', 'conda.recipe/meta.yaml'];
const RATTLER_FILES = ['recipe.yaml', 'recipe/recipe.yaml'];
const TARBALL = /\.(?:tar(?:\.(?:bz2|gz|xz|zst))?|tgz|zip|conda)$/i;

/**
 * Adds what building `recipe` (a recipe directory or file, relative to `context.cwd`) installs to
 * `request`: targets for each requirement it reads, an unresolved part for what it cannot. Never throws.
 */
export function readCondaRecipe(recipe: string, format: RecipeFormat, context: RecipeContext, request: InstallRequest): void {
  const resolved = path.isAbsolute(recipe) ? recipe : path.join(context.cwd, recipe);
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(recipe) || TARBALL.test(recipe)) {
    request.unresolved.push({ what: recipe, why: 'a recipe archive or URL is not read: its requirements cannot be checked' });
    return;
  }
  const candidates = /\.ya?ml$/i.test(resolved)
    ? [resolved]
    : (format === 'meta' ? META_FILES : RATTLER_FILES).map((name) => path.join(resolved, name));
  for (const file of candidates) {
    const text = context.files.readText(file);
    if (text === undefined) continue;
    request.files.push(file);
    readRecipeText(text, /recipe\.ya?ml$/i.test(file) ? 'rattler' : format, file, request);
    return;
  }
  // The phrase the app knows (missing-input-files.ts): the builder stops before it installs anything, unless the command writes it first.
  request.unresolved.push({ what: resolved, why: 'file not found: no recipe there, so the build stops before it installs anything' });
}

/** Reads one recipe file's text (already found) into `request`. */
export function readRecipeText(text: string, format: RecipeFormat, file: string, request: InstallRequest): void {
  let source = text;
  let variables: JinjaVariables = new Map();
  if (format === 'meta') {
    const rendered = renderMetaYaml(text);
    if (rendered.unreadable !== undefined) {
      request.unresolved.push({ what: file, why: `the recipe uses ${rendered.unreadable}, which groundguard does not evaluate` });
      return;
    }
    source = applySelectors(rendered.text);
  }
  let doc: unknown;
  try {
    doc = parseYaml(source);
  } catch {
    request.unresolved.push({ what: file, why: 'the recipe is not valid YAML once rendered' });
    return;
  }
  if (!isRecord(doc)) {
    request.unresolved.push({ what: file, why: 'the recipe is not a YAML mapping' });
    return;
  }
  if (format === 'rattler') variables = contextVariables(doc.context);
  const render = (value: string): string =>
    format === 'rattler' ? substituteJinja(substituteJinja(value, variables, true), variables, false) : value;
  const outputs = Array.isArray(doc.outputs) ? doc.outputs.filter(isRecord) : [];
  const own = new Set<string>();
  for (const part of [doc, ...outputs]) {
    const name = isRecord(part.package) ? part.package.name : part.name;
    if (typeof name === 'string') own.add(render(name).trim().toLowerCase());
  }
  if (isRecord(doc.recipe) && typeof doc.recipe.name === 'string') own.add(render(doc.recipe.name).trim().toLowerCase());
  const specs: string[] = [];
  for (const part of [doc, ...outputs]) collectPart(part, format, specs);
  for (const raw of specs) addSpec(render(raw), file, own, request);
}

/** The requirement lists one recipe part (the top level or an output) installs. */
function collectPart(part: Record<string, unknown>, format: RecipeFormat, specs: string[]): void {
  const requirements = part.requirements;
  // An output's `requirements:` may be a bare list: its run requirements.
  if (Array.isArray(requirements)) flattenItems(requirements, specs);
  else if (isRecord(requirements)) {
    for (const key of ['build', 'host', 'run']) flattenItems(requirements[key], specs);
  }
  if (format === 'meta') {
    if (isRecord(part.test)) flattenItems(part.test.requires, specs);
    return;
  }
  for (const test of Array.isArray(part.tests) ? part.tests : []) {
    if (!isRecord(test)) continue;
    if (isRecord(test.requirements)) {
      for (const key of ['build', 'run']) flattenItems(test.requirements[key], specs);
    }
    if (typeof test.downstream === 'string') specs.push(test.downstream);
  }
}

/** List items as strings; rattler-build's `{if, then, else}` items contribute both branches. */
function flattenItems(value: unknown, specs: string[]): void {
  if (value === undefined || value === null) return;
  if (typeof value === 'string' || typeof value === 'number') {
    specs.push(String(value));
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) flattenItems(item, specs);
    return;
  }
  if (isRecord(value) && 'if' in value) {
    flattenItems(value.then, specs);
    flattenItems(value.else, specs);
    return;
  }
  specs.push(`${UNREADABLE} ${JSON.stringify(value)}`);
}

function addSpec(spec: string, file: string, own: ReadonlySet<string>, request: InstallRequest): void {
  const text = spec.trim();
  if (text.length === 0) return;
  // The name is the first word; an unreadable version or build string after it does not hide what is installed.
  const name = /^[^\s<>=!~,|;[]+/.exec(text)?.[0] ?? text;
  if (name.includes(UNREADABLE) || name.includes('{{') || name.includes('{%')) {
    request.unresolved.push({
      what: `${file} ${text.replaceAll(UNREADABLE, '{{ … }}')}`,
      why: 'the requirement is named by an expression groundguard cannot evaluate',
    });
    return;
  }
  if (own.has(name.toLowerCase())) return;
  const cleaned = text.includes(UNREADABLE) ? name : text;
  request.targets.push(classifyCondaSpec(cleaned, file));
}

/** rattler-build's `context:` mapping, each value rendered with those before it. */
function contextVariables(context: unknown): JinjaVariables {
  const variables: JinjaVariables = new Map();
  if (!isRecord(context)) return variables;
  for (const [key, value] of Object.entries(context)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      variables.set(key, undefined);
      continue;
    }
    const rendered = substituteJinja(String(value), variables, true);
    variables.set(key, rendered.includes(UNREADABLE) ? undefined : rendered);
  }
  return variables;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
