/** `guard complete --prompt …`: a local-model completion with the package monitor (PackMonitor). */

import type { Services } from '../../app/services.js';
import { ECOSYSTEMS, type Ecosystem } from '../../engines/package-names/index.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';
import { readTextInput } from '../read-text-input.js';

export const COMPLETE_USAGE = `Usage: guard complete (--prompt TEXT | --prompt-file FILE | --messages-file FILE) [--model PATH] [--max-tokens N] [--temperature T]
                      [--seed S] [--ecosystem pypi|npm|conda …] [--no-monitor] [--dag] [--json]

Continues TEXT with a local GGUF model (llama.cpp, CPU) while a decoding-time monitor keeps every
package name written in an install command (pip, uv, poetry, pipx, npm, pnpm, yarn, bun, conda,
mamba) inside the registry's name list: no generated install names a package that does not exist.

Options:
  --prompt TEXT       the text to continue (raw completion, no chat template)
  --prompt-file FILE  read the text to continue from FILE, or from stdin with -
  --messages-file FILE
                      a chat for an instruct model: a JSON array of {"role": "system" | "user" |
                      "assistant", "content": TEXT} (FILE, or stdin with -), put through the
                      model's own chat template; the monitor covers the assistant's reply
  --model PATH        GGUF model file (default: GUARD_MODEL, else completion.model in a policy file)
  --max-tokens N      tokens to generate at most, 1..2048 (default 256)
  --temperature T     0 (default) is greedy; higher samples more freely, up to 5
  --seed S            random seed, for reproducible sampling
  --ecosystem E       constrain names of this registry; repeat for several (default pypi and npm)
  --no-monitor        generate without the monitor (to compare)
  --dag               DAG++: check the Python API calls generated against the API-docs index
                      (\`guard docs index\`) with the model's confidence in each API name; when one
                      is unknown, misused or below 0.8, put its documentation in front of the
                      prompt and generate once more
  --json              print {"text", "packages", "interventions", "tokens", "timing", "dag"} on stdout
  -h, --help          show this help

Exit codes: 0 ok, 2 usage error, 1 fault (no usable model, internal error).`;

export async function runComplete(argv: string[], io: CliIo, services: Services): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      prompt: { type: 'string' },
      'prompt-file': { type: 'string' },
      'messages-file': { type: 'string' },
      model: { type: 'string' },
      'max-tokens': { type: 'string' },
      temperature: { type: 'string' },
      seed: { type: 'string' },
      ecosystem: { type: 'string', multiple: true },
      'no-monitor': { type: 'boolean' },
      dag: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    COMPLETE_USAGE,
    false,
  );
  const values = parsed.values;
  if (values.help) {
    io.stdout.write(`${COMPLETE_USAGE}\n`);
    return EXIT.ok;
  }
  const given = [values.prompt, values['prompt-file'], values['messages-file']].filter((v) => v !== undefined).length;
  if (given > 1) throw new UsageError('give only one of --prompt, --prompt-file and --messages-file, not both', COMPLETE_USAGE);
  const messages =
    values['messages-file'] === undefined
      ? undefined
      : parseMessages(
          values['messages-file'],
          await readTextInput(values['messages-file'], io, '--messages-file', 'pass a readable JSON file, or - to read it from stdin'),
        );
  const prompt =
    values['prompt-file'] !== undefined
      ? await readTextInput(values['prompt-file'], io, '--prompt-file', 'pass a readable text file, or - to read the prompt from stdin')
      : values.prompt;
  if (messages === undefined && (prompt === undefined || prompt.length === 0)) {
    throw new UsageError(
      values['prompt-file'] !== undefined
        ? `the prompt in ${values['prompt-file']} is empty`
        : 'missing --prompt TEXT (or --prompt-file FILE)',
      COMPLETE_USAGE,
    );
  }
  const ecosystems = values.ecosystem?.map((name) => {
    if (!(ECOSYSTEMS as readonly string[]).includes(name)) {
      throw new UsageError(`unknown ecosystem "${name}" for --ecosystem; expected one of ${ECOSYSTEMS.join(', ')}`, COMPLETE_USAGE);
    }
    return name as Ecosystem;
  });
  const request = {
    ...(messages === undefined ? { prompt: prompt! } : { messages }),
    ...(values.model === undefined ? {} : { model: values.model }),
    ...(values['max-tokens'] === undefined ? {} : { maxTokens: parseNumber('--max-tokens', values['max-tokens'], true) }),
    ...(values.temperature === undefined ? {} : { temperature: parseNumber('--temperature', values.temperature, false) }),
    ...(values.seed === undefined ? {} : { seed: parseNumber('--seed', values.seed, true) }),
    ...(ecosystems === undefined ? {} : { ecosystems }),
    monitor: values['no-monitor'] !== true,
    ...(values.dag ? { dag: true } : {}),
  };
  const { constrainedComplete } = await import('../../app/completion/constrained-complete.js');
  const result = await constrainedComplete(request, {
    env: io.env,
    stderr: io.stderr,
    completion: services.completion,
    apiDocs: services.apiDocs,
    nameLists: services.nameLists,
  });
  if (values.json) {
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    io.stdout.write(`${result.text}\n`);
    const names = result.packages.map((p) => `${p.ecosystem}:${p.name}${p.exists ? '' : ' (does not exist)'}`);
    io.stderr.write(
      `guard complete: ${result.tokens} tokens, ${result.interventions} interventions, ` +
        `${result.timing.total_ms} ms (${result.timing.mask_ms} ms in the monitor)` +
        `${names.length > 0 ? `; packages: ${names.join(', ')}` : ''}\n`,
    );
    if (result.dag) {
      const calls = result.dag.invocations.map(
        (i) => `${i.api}${i.exists ? '' : ' (unknown)'}${i.confidence === undefined ? '' : ` p=${i.confidence}`}`,
      );
      io.stderr.write(
        `guard complete: dag ${result.dag.triggered ? `generated again with the docs of ${result.dag.retrieved.join(', ')}` : 'kept the first generation'}` +
          ` (${result.dag.reason})${calls.length > 0 ? `; calls: ${calls.join(', ')}` : ''}\n`,
      );
    }
  }
  return EXIT.ok;
}

/** A chat from a messages file: a JSON array of {role, content}. */
function parseMessages(file: string, text: string): Array<{ role: 'system' | 'user' | 'assistant'; content: string }> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`, COMPLETE_USAGE);
  }
  const roles = ['system', 'user', 'assistant'];
  if (!Array.isArray(value) || value.length === 0)
    throw new UsageError(`${file} must hold a non-empty JSON array of {"role", "content"} messages`, COMPLETE_USAGE);
  return value.map((item: unknown, index) => {
    const message = item as { role?: unknown; content?: unknown } | null;
    if (typeof message !== 'object' || message === null || !roles.includes(message.role as string) || typeof message.content !== 'string') {
      throw new UsageError(
        `message ${index + 1} in ${file} must be {"role": "system" | "user" | "assistant", "content": TEXT}`,
        COMPLETE_USAGE,
      );
    }
    return { role: message.role as 'system' | 'user' | 'assistant', content: message.content };
  });
}

function parseNumber(flag: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new UsageError(`${flag} must be ${integer ? 'an integer' : 'a number'}; saw "${text}"`, COMPLETE_USAGE);
  }
  return value;
}
