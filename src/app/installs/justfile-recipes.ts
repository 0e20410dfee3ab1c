/**
 * `just [recipe …]` read statically: the body lines of the named recipes (or the first one) and of
 * their dependencies, from justfile / Justfile / .justfile. `{{…}}` interpolations of literal
 * variables are substituted; any other is a run-time word. A shebang recipe in Python is read as
 * Python code; in another language it is unverifiable.
 */
import { join, resolve } from 'node:path';
import { type FileReader } from '../../engines/install-commands/index.js';
import { pythonCode, type ProjectTasks } from './project-tasks.js';

interface Recipe {
  dependencies: string[];
  body: string[];
}

const JUSTFILES = ['justfile', 'Justfile', '.justfile', 'JUSTFILE'];
const MAX_RECIPES = 64;

/** Adds the lines `just words` runs (in `cwd`) to `tasks.shell`. */
export function justRecipes(words: readonly string[], cwd: string, files: FileReader, tasks: ProjectTasks): void {
  let justfile: string | undefined;
  let dir = cwd;
  const positionals: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word === '-f' || word === '--justfile') justfile = words[++i];
    else if (word.startsWith('--justfile=')) justfile = word.slice('--justfile='.length);
    else if (word === '-d' || word === '--working-directory') dir = resolve(cwd, words[++i] ?? '.');
    else if (word === '--set') i += 2;
    else if (!word.startsWith('-')) positionals.push(word);
  }
  const path =
    justfile === undefined ? JUSTFILES.map((name) => join(cwd, name)).find((p) => files.readText(p) !== undefined) : resolve(cwd, justfile);
  const text = path === undefined ? undefined : files.readText(path);
  if (path === undefined || text === undefined) return;
  const variables = new Map<string, string>();
  const recipes = new Map<string, Recipe>();
  let first: string | undefined;
  let current: Recipe | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (current !== undefined && /^[ \t]+\S/.test(line)) {
      current.body.push(line.trim());
      continue;
    }
    if (/^\s*(?:#|$)/.test(line)) {
      if (line.startsWith('#') || line.trim() === '') current = line.trim() === '' ? current : undefined;
      continue;
    }
    current = undefined;
    const variable = /^(?:export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(?:"([^"]*)"|'([^']*)')\s*$/.exec(line);
    if (variable !== null) {
      variables.set(variable[1] ?? '', variable[2] ?? variable[3] ?? '');
      continue;
    }
    if (/^(?:set|import|mod|alias|export)\b/.test(line) && !/^\S+\s*:(?!=)/.test(line)) {
      if (/^(?:import|mod)\b/.test(line)) tasks.unverifiable.push(`${path} imports another justfile, which is not read`);
      continue;
    }
    const header = /^@?([A-Za-z_][\w-]*)\b[^:]*:(?!=)(.*)$/.exec(line);
    if (header === null) continue;
    const name = header[1] ?? '';
    const dependencies = (header[2] ?? '')
      .replace(/#.*$/, '')
      .replace(/[()]/g, ' ')
      .split(/\s+/)
      .filter((word) => /^[A-Za-z_][\w-]*$/.test(word) && word !== '&&');
    current = { dependencies, body: [] };
    recipes.set(name, current);
    first ??= name;
  }
  const wanted = positionals.filter((word) => recipes.has(word));
  if (positionals.length === 0 && first !== undefined) wanted.push(recipes.has('default') ? 'default' : first);
  const seen = new Set<string>();
  const queue = [...wanted];
  while (queue.length > 0 && seen.size < MAX_RECIPES) {
    const name = queue.shift() ?? '';
    if (seen.has(name)) continue;
    seen.add(name);
    const recipe = recipes.get(name);
    if (recipe === undefined) continue;
    queue.push(...recipe.dependencies);
    const body = recipe.body.map((line) => interpolate(line, variables));
    const shebang = body[0]?.startsWith('#!') === true ? body[0] : undefined;
    const label = `${path} ${name}`;
    if (shebang === undefined) {
      for (const line of body) {
        const text = line.replace(/^[@-]+/, '');
        if (text !== '' && !text.startsWith('#')) tasks.shell.push({ label, text, cwd: dir });
      }
    } else if (/python/.test(shebang)) tasks.shell.push({ label, text: pythonCode(body.slice(1).join('\n')), cwd: dir });
    else if (/\b(?:ba|z|da)?sh\b/.test(shebang)) tasks.shell.push({ label, text: body.slice(1).join('\n'), cwd: dir });
    else tasks.unverifiable.push(`${label} is a ${shebang} script, which is not read statically`);
  }
}

function interpolate(line: string, variables: ReadonlyMap<string, string>): string {
  return line
    .replace(/\{\{\{\{/g, '{{')
    .replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_, expression: string) => variables.get(expression) ?? '"$JUST_VALUE"');
}
