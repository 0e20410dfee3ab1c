/** `guard docs index|list|search|lookup`: the API index and the DAG++ lookup from the command line. */

import { createProgress } from '../../shared/progress.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import type { CliIo } from '../io.js';
import type { ApiDocsOptions } from '../../app/api-docs/api-docs-store.js';
import type { Services } from '../../app/services.js';
import { readTextInput } from '../read-text-input.js';

export const DOCS_USAGE = `Usage: guard docs <index|list|search|lookup> …

  guard docs index <source…> [--word-vectors] [--json]    build or refresh the API index (incremental);
                 --word-vectors also builds the word-vector table (once, a few seconds) that lets
                 lookups match words by meaning (server / instance), not only by form
      sources: botocore | botocore:<path>     boto3 clients from botocore's service models
               python:<package> | python:<path>   a Python package (.py/.pyi) via the active python3
               npm:<package>                  .d.ts of ./node_modules/<package> (or @types/<package>)
               openapi:<file>                 an OpenAPI 3 document (JSON or YAML)
               markdown:<dir>[=<library>]     Markdown docs of a private library
  guard docs list [--json]                 the indexed sources and their record counts
  guard docs search <text…> [--library L] [--top-k N] [--json]
                                           find APIs by words or identifiers
  guard docs lookup --code <file|-> [--query TEXT] [--library L] [--language python|typescript|javascript]
                    [--confidence P] [--threshold P] [--top-k N] [--mode auto|always|never] [--full] [--json]
                                           check the calls in the code; retrieve docs when one is
                                           unknown or invalid or confidence < threshold (DAG++)

The index lives in $GUARD_HOME (else the user cache dir) as api-docs.sqlite.
Exit codes: 0 ok, 3 lookup found an unknown or invalid call, 2 usage error, 1 internal fault.`;

export async function runDocs(argv: string[], io: CliIo, services: Services): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout.write(`${DOCS_USAGE}\n`);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  switch (sub) {
    case 'index':
      return runIndex(rest, io);
    case 'list':
      return runList(rest, io, services);
    case 'search':
      return runSearch(rest, io, services);
    case 'lookup':
      return runLookup(rest, io, services);
    default:
      throw new UsageError(`unknown docs command "${sub}"`, DOCS_USAGE);
  }
}

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  library: { type: 'string' },
  'top-k': { type: 'string' },
  code: { type: 'string' },
  query: { type: 'string' },
  language: { type: 'string' },
  confidence: { type: 'string' },
  threshold: { type: 'string' },
  mode: { type: 'string' },
  full: { type: 'boolean' },
  'word-vectors': { type: 'boolean' },
} as const;

type OptionName = keyof typeof OPTIONS;

/** Parses one sub-command's arguments, refusing the options it does not take. */
function parse(argv: string[], allowed: readonly OptionName[]) {
  const parsed = parseCommandArgs(argv, OPTIONS, DOCS_USAGE);
  for (const name of Object.keys(parsed.values)) {
    if (!allowed.includes(name as OptionName) && name !== 'help')
      throw new UsageError(`this docs command does not take --${name}`, DOCS_USAGE);
  }
  return parsed;
}

function homeOf(io: CliIo): { env: Record<string, string | undefined> } {
  return { env: io.env };
}

/** Where the index is, and the process's open handles and word meaning. */
function indexOf(io: CliIo, services: Services): ApiDocsOptions {
  return { env: io.env, apiDocs: services.apiDocs };
}

async function runIndex(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, ['json', 'word-vectors']);
  if (values.help) return help(io);
  if (positionals.length === 0) throw new UsageError('missing the source(s) to index, e.g. botocore or python:requests', DOCS_USAGE);
  const { indexApiDocs } = await import('../../app/api-docs/index-api-docs.js');
  const report = await indexApiDocs(
    { sources: positionals },
    {
      ...homeOf(io),
      cwd: io.cwd,
      progress: (label) => createProgress(label, io.stderr),
      ...(values['word-vectors'] ? { wordMeaning: true } : {}),
    },
  );
  if (values.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    for (const s of report.sources) {
      io.stdout.write(
        `${s.id}  ${s.library}${s.version ? ` ${s.version}` : ''}: ${s.records} APIs from ${s.files} files (${s.changed} re-read, ${s.removed} removed)\n`,
      );
    }
    io.stdout.write(`index ${report.index}: ${report.totalRecords} APIs, ${report.seconds.toFixed(1)} s\n`);
  }
  return EXIT.ok;
}

async function runList(argv: string[], io: CliIo, services: Services): Promise<number> {
  const { values } = parse(argv, ['json']);
  if (values.help) return help(io);
  const { listApiDocs } = await import('../../app/api-docs/list-api-docs.js');
  const listing = await listApiDocs(indexOf(io, services));
  if (values.json) io.stdout.write(`${JSON.stringify(listing, null, 2)}\n`);
  else {
    for (const s of listing.sources)
      io.stdout.write(
        `${s.id}  ${s.library}${s.version ? ` ${s.version}` : ''}  ${s.records} APIs, ${s.files} files, indexed ${s.indexedAt}\n`,
      );
    io.stdout.write(`${listing.totalRecords} APIs in ${listing.index}\n`);
  }
  return EXIT.ok;
}

async function runSearch(argv: string[], io: CliIo, services: Services): Promise<number> {
  const { values, positionals } = parse(argv, ['json', 'library', 'top-k']);
  if (values.help) return help(io);
  if (positionals.length === 0) throw new UsageError('missing the text to search for', DOCS_USAGE);
  const { searchApiDocs } = await import('../../app/api-docs/search-api-docs.js');
  const { resolveApiIndexPath } = await import('../../app/api-docs/api-docs-store.js');
  const home = resolveApiIndexPath(homeOf(io)).replace(/[\\/][^\\/]+$/, '');
  const hits = await searchApiDocs(
    {
      query: positionals.join(' '),
      topK: intOption(values['top-k'], '--top-k', 10),
      ...(values.library === undefined ? {} : { library: values.library }),
    },
    { home, apiDocs: services.apiDocs },
  );
  if (values.json) io.stdout.write(`${JSON.stringify(hits, null, 2)}\n`);
  else
    for (const hit of hits)
      io.stdout.write(
        `${hit.score.toFixed(2).padStart(6)}  ${hit.library} ${hit.name}\n        ${hit.signature}\n        ${hit.description}\n`,
      );
  return EXIT.ok;
}

async function runLookup(argv: string[], io: CliIo, services: Services): Promise<number> {
  const { values, positionals } = parse(argv, [
    'code',
    'query',
    'library',
    'language',
    'confidence',
    'threshold',
    'top-k',
    'mode',
    'full',
    'json',
  ]);
  if (values.help) return help(io);
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}" (pass the code with --code <file|->)`, DOCS_USAGE);
  if (values.code === undefined && values.query === undefined) throw new UsageError('pass --code <file|-> and/or --query TEXT', DOCS_USAGE);
  const language = values.language;
  if (language !== undefined && !['python', 'typescript', 'javascript'].includes(language))
    throw new UsageError(`--language must be python, typescript or javascript, got "${language}"`, DOCS_USAGE);
  const mode = values.mode;
  if (mode !== undefined && !['auto', 'always', 'never'].includes(mode))
    throw new UsageError(`--mode must be auto, always or never, got "${mode}"`, DOCS_USAGE);
  const code = values.code === undefined ? undefined : await readCode(values.code, io);
  const { lookupApiDocs } = await import('../../app/api-docs/lookup-api-docs.js');
  const result = await lookupApiDocs(
    {
      ...(code === undefined ? {} : { code }),
      ...(values.query === undefined ? {} : { query: values.query }),
      ...(values.library === undefined ? {} : { library: values.library }),
      ...(language === undefined ? {} : { language: language as 'python' | 'typescript' | 'javascript' }),
      ...(values.confidence === undefined ? {} : { confidence: probability(values.confidence, '--confidence') }),
      ...(values.threshold === undefined ? {} : { threshold: probability(values.threshold, '--threshold') }),
      ...(values['top-k'] === undefined ? {} : { topK: intOption(values['top-k'], '--top-k', 3) }),
      ...(mode === undefined ? {} : { mode: mode as 'auto' | 'always' | 'never' }),
      ...(values.full ? { fullDocs: true } : {}),
    },
    indexOf(io, services),
  );
  if (values.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const { renderLookup } = await import('../render/lookup-report.js');
    io.stdout.write(renderLookup(result));
  }
  return result.invocations.some((i) => !i.valid) ? EXIT.blocked : EXIT.ok;
}

function readCode(source: string, io: CliIo): Promise<string> {
  return readTextInput(source, io, '--code', 'pass a readable file, or - to read the code from stdin');
}

function intOption(text: string | undefined | boolean, name: string, fallback: number): number {
  if (text === undefined || typeof text === 'boolean') return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(value >= 1 && value <= 50)) throw new UsageError(`${name} must be an integer from 1 to 50, got "${text}"`, DOCS_USAGE);
  return value;
}

function probability(text: string, name: string): number {
  const value = Number(text);
  if (text.trim() === '' || !(value >= 0 && value <= 1))
    throw new UsageError(`${name} must be a number from 0 to 1, got "${text}"`, DOCS_USAGE);
  return value;
}

function help(io: CliIo): number {
  io.stdout.write(`${DOCS_USAGE}\n`);
  return EXIT.ok;
}
