import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadAnswerabilityIo } from '../../../../src/engines/answerability/index.js';

interface Seen {
  url: string;
  auth: string | undefined;
  body: Record<string, unknown>;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: {} };

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      url: request.url ?? '',
      auth: request.headers.authorization,
      body: JSON.parse(await readBody(request)) as Record<string, unknown>,
    });
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('firstTokenLogprobs (OpenAI-compatible, loopback server)', () => {
  it('asks /completions for one token with logprobs and reads the legacy shape', async () => {
    const { firstTokenLogprobs } = await loadAnswerabilityIo();
    reply = {
      status: 200,
      body: { choices: [{ text: ' A', logprobs: { tokens: [' A'], top_logprobs: [{ ' A': -0.2, ' P': -1.9, ' U': -3 }] } }] },
    };
    const top = await firstTokenLogprobs('prompt text', { baseUrl, model: 'tiny', apiKey: 'k1' });
    expect(top).toEqual({ ' A': -0.2, ' P': -1.9, ' U': -3 });
    const request = seen.at(-1)!;
    expect(request.url).toBe('/v1/completions');
    expect(request.auth).toBe('Bearer k1');
    expect(request.body).toMatchObject({ model: 'tiny', prompt: 'prompt text', max_tokens: 1, temperature: 0, logprobs: 5 });
  });

  it('reads the chat logprobs shape too', async () => {
    const { firstTokenLogprobs } = await loadAnswerabilityIo();
    reply = {
      status: 200,
      body: {
        choices: [
          {
            logprobs: {
              content: [
                {
                  token: 'U',
                  logprob: -0.1,
                  top_logprobs: [
                    { token: 'U', logprob: -0.1 },
                    { token: 'P', logprob: -2.5 },
                  ],
                },
              ],
            },
          },
        ],
      },
    };
    expect(await firstTokenLogprobs('p', { baseUrl, model: 'tiny' })).toEqual({ U: -0.1, P: -2.5 });
    expect(seen.at(-1)!.auth).toBeUndefined();
  });

  it.each([
    [{ status: 500, body: 'overloaded' }, /HTTP 500/],
    [{ status: 200, body: 'not json' }, /unexpected reply/],
    [{ status: 200, body: { choices: [{ text: 'A', logprobs: null }] } }, /no log-probabilities/],
  ])('fails with UPSTREAM_FAILED on %j', async (answer, message) => {
    const { firstTokenLogprobs } = await loadAnswerabilityIo();
    reply = answer;
    await expect(firstTokenLogprobs('p', { baseUrl, model: 'tiny' })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(message),
    });
  });

  it('fails with UPSTREAM_FAILED when nothing listens', async () => {
    const { firstTokenLogprobs } = await loadAnswerabilityIo();
    await expect(firstTokenLogprobs('p', { baseUrl: 'http://127.0.0.1:9/v1', model: 'tiny', timeoutMs: 2000 })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });
});
