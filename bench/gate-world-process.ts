/**
 * The gate benchmark's upstream and do-nothing proxy, each in a process of its own, as a real
 * registry is: run in the client's process, a "direct" request would be answered by the same event
 * loop that sent it, with no process ever waiting to be scheduled, while every gated request
 * crosses processes — on a loaded machine that alone is milliseconds. `startWorldProcess` spawns
 * this file; run as a script it serves one upstream (templates read from files) or one proxy and
 * prints its base URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startPlainProxy, startUpstream } from './gate-world.js';

export type WorldProcess =
  | { kind: 'upstream'; packument: string; abbreviated: string; page: string; tarball: string; mbPerSecond: number }
  | { kind: 'proxy'; upstream: string };

/** Starts an upstream or a proxy in its own Node process (same niceness as this one); resolves with its base URL. */
export async function startWorldProcess(spec: WorldProcess): Promise<{ base: string; child: ChildProcess; close(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /^listening (http:\/\/\S+)$/m.exec(text);
      if (found) resolve(found[1]!);
    });
    child.on('exit', (code) => reject(new Error(`bench ${spec.kind} exited with ${code}`)));
  });
  return { base, child, close: () => void child.kill('SIGTERM') };
}

async function main(argument: string): Promise<void> {
  const spec = JSON.parse(argument) as WorldProcess;
  const started =
    spec.kind === 'upstream'
      ? await startUpstream(
          readFileSync(spec.packument, 'utf8'),
          readFileSync(spec.abbreviated, 'utf8'),
          readFileSync(spec.page, 'utf8'),
          readFileSync(spec.tarball),
          spec.mbPerSecond,
        )
      : await startPlainProxy(spec.upstream);
  process.stdout.write(`listening ${started.base}\n`);
  process.on('SIGTERM', () => {
    started.server.closeAllConnections();
    started.server.close(() => process.exit(0));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] !== undefined) void main(process.argv[2]);
