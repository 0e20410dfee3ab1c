/** Human rendering of an answerability report: the label, then one line per sub-request with its best API and what is missing. */
import type { AnswerabilityReport } from '../../app/answerability/assess-answerability.js';

const MARK = { answerable: '✓ answerable', partially_answerable: '! partially answerable', unanswerable: '✗ unanswerable' } as const;
const COLOR = { answerable: '\x1b[32m', partially_answerable: '\x1b[33m', unanswerable: '\x1b[31m' } as const;

export function renderAnswerabilityReport(report: AnswerabilityReport, options: { color: boolean }): string {
  const mark = options.color ? `${COLOR[report.label]}${MARK[report.label]}\x1b[0m` : MARK[report.label];
  const lines = [
    `${mark}  (confidence ${report.confidence.toFixed(2)}; ${report.apis.length} API${report.apis.length === 1 ? '' : 's'} ${report.source === 'index' ? 'from the docs index' : 'given'}: ${report.apis.join(', ')})`,
  ];
  report.requests.forEach((request, i) => {
    const state = request.covered ? '✓ covered' : '✗ not covered';
    const text = request.text.length > 90 ? `${request.text.slice(0, 89)}…` : request.text;
    lines.push(`  ${i + 1}. ${state}  score ${request.score.toFixed(2)}${request.best_api ? `  best: ${request.best_api}` : ''}`);
    lines.push(`     ${text}`);
    if (request.missing && request.missing.length > 0) lines.push(`     unaccounted for: ${request.missing.join(', ')}`);
  });
  return `${lines.join('\n')}\n`;
}
