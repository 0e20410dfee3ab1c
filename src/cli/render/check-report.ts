/** Human rendering of a check report: one block per package, verdict first, then why and what instead. */
import { type CheckReport } from '../../app/packages/check-packages.js';
import { type JudgedReport } from '../../app/packages/judge-package-names.js';
import { describeSuggestion } from '../../app/installs/install-report.js';

const MARK = { allow: '✓ allow', warn: '! warn ', block: '✗ block' } as const;
const COLOR = { allow: '\x1b[32m', warn: '\x1b[33m', block: '\x1b[31m' } as const;

export function renderCheckReport(report: CheckReport | JudgedReport, options: { color: boolean }): string {
  const lines: string[] = [];
  for (const result of report.results) {
    const mark = options.color ? `${COLOR[result.verdict]}${MARK[result.verdict]}\x1b[0m` : MARK[result.verdict];
    const constraint = result.constraint ? ` (${result.constraint})` : '';
    const shown = result.normalized !== result.name ? ` → ${result.normalized}` : '';
    lines.push(`${mark}  ${result.ecosystem} ${result.name}${shown}${constraint}`);
    for (const reason of result.reasons) lines.push(`         ${reason.message}`);
    if (result.suggestions.length > 0) {
      lines.push(`         did you mean: ${result.suggestions.map(describeSuggestion).join(', ')}`);
    }
  }
  const { source, date } = report.results[0]?.snapshot ?? { source: 'none', date: 'unknown' };
  lines.push('', `verdict: ${report.verdict}  (name list ${source}, snapshot ${date})`);
  return `${lines.join('\n')}\n`;
}
