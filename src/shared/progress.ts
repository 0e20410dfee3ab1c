/** A progress bar on stderr that draws only on a TTY and stays silent otherwise. */

export interface Progress {
  /** Sets the total when it becomes known. */
  total(total: number): void;
  /** Reports the amount done so far (same unit as the total). */
  update(done: number): void;
  /** Clears the bar and prints a final line, if any. */
  done(message?: string): void;
}

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(chunk: string): boolean;
}

export const silentProgress: Progress = { total() {}, update() {}, done() {} };

export function createProgress(label: string, stream: ProgressStream = process.stderr): Progress {
  if (!stream.isTTY) return silentProgress;
  let total = 0;
  let lastDraw = 0;
  const draw = (done: number): void => {
    const now = Date.now();
    if (now - lastDraw < 80) return;
    lastDraw = now;
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - label.length - 20));
    if (total > 0) {
      const ratio = Math.min(1, done / total);
      const filled = Math.round(ratio * width);
      const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
      stream.write(`\r${label} ${bar} ${(ratio * 100).toFixed(0).padStart(3)}%`);
    } else {
      stream.write(`\r${label} ${formatCount(done)}`);
    }
  };
  return {
    total(value) {
      total = value;
    },
    update(done) {
      draw(done);
    },
    done(message) {
      stream.write('\r\x1b[2K');
      if (message) stream.write(`${message}\n`);
    },
  };
}

function formatCount(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)}k`;
  return String(n);
}
