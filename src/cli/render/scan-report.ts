/**
 * `guard scan` output: text for people, SARIF 2.1.0 for GitHub code scanning (one rule per finding
 * code, one result per finding with its file and line, a stable fingerprint so alerts survive
 * unrelated edits). JSON is the report itself.
 */
import { createHash } from 'node:crypto';
import { type ScanFinding, type ScanReport } from '../../app/installs/scan-repository.js';

const RULE_TEXT: Readonly<Record<string, string>> = {
  not_found: 'Dependency name does not exist in the registry',
  suspected_typosquat: 'Dependency name looks like a typosquat of a popular package',
  other_ecosystem: 'Dependency name exists only in another ecosystem',
  allowlist_unavailable: 'No name list to check this ecosystem against',
  unverifiable: 'Dependency cannot be verified statically',
  policy_denied: 'Dependency denied by the organisation policy',
  registry_not_allowed: 'Registry or index not allowed by the policy',
  below_trust: 'Dependency below the policy trust threshold',
  unknown_popularity: 'Dependency popularity unknown',
  source_policy: 'Dependency source (path, VCS, URL) not allowed by the policy',
  version_not_allowed: 'Dependency version not allowed by the policy',
  private_namespace: 'Dependency in a private namespace is not in the private registry',
};

/** The report as lines for a terminal. */
export function renderScanText(report: ScanReport): string {
  const lines = [
    `guard scan: ${report.root}`,
    `  ${report.files.length} manifest and lock files, ${report.dependencies} declared dependencies`,
  ];
  for (const finding of report.findings) {
    const hint = finding.suggestions?.length ? ` Did you mean ${finding.suggestions.map((s) => `"${s}"`).join(', ')}?` : '';
    lines.push(
      `  ${finding.verdict === 'block' ? 'BLOCK' : 'WARN '} ${finding.file}:${finding.line} [${finding.code}] ${finding.message}${hint}`,
    );
  }
  lines.push(
    report.findings.length === 0
      ? '  no findings'
      : `  ${count(report.findings, 'block')} blocked, ${count(report.findings, 'warn')} warnings`,
  );
  return `${lines.join('\n')}\n`;
}

/** The report as a SARIF 2.1.0 log. */
export function renderScanSarif(report: ScanReport, version: string): string {
  const codes = [...new Set(report.findings.map((f) => f.code))].sort();
  const rules = codes.map((code) => ({
    id: code,
    name: code.replace(/(^|_)(\w)/g, (_m, _s, c: string) => c.toUpperCase()),
    shortDescription: { text: RULE_TEXT[code] ?? code.replace(/_/g, ' ') },
    fullDescription: { text: `${RULE_TEXT[code] ?? code.replace(/_/g, ' ')}. Reported by groundguard (guard scan).` },
    defaultConfiguration: { level: report.findings.some((f) => f.code === code && f.verdict === 'block') ? 'error' : 'warning' },
    properties: { tags: ['security', 'supply-chain'] },
  }));
  const results = report.findings.map((finding) => ({
    ruleId: finding.code,
    ruleIndex: codes.indexOf(finding.code),
    level: finding.verdict === 'block' ? 'error' : 'warning',
    message: { text: messageOf(finding) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeURI(finding.file), uriBaseId: '%SRCROOT%' },
          region: { startLine: Math.max(1, finding.line) },
        },
      },
    ],
    partialFingerprints: { 'groundguard/v1': fingerprint(finding) },
  }));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'groundguard',
            informationUri: 'https://github.com/groundguard/groundguard',
            semanticVersion: version,
            version,
            rules,
          },
        },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function messageOf(finding: ScanFinding): string {
  const hint = finding.suggestions?.length ? ` Did you mean ${finding.suggestions.map((s) => `"${s}"`).join(', ')}?` : '';
  return `${finding.subject ? `${finding.ecosystem ?? ''} ${finding.subject}: `.trimStart() : ''}${finding.message}${hint}`;
}

/** Stable across line moves: file, code and subject. */
function fingerprint(finding: ScanFinding): string {
  return createHash('sha256')
    .update([finding.file, finding.code, finding.ecosystem ?? '', finding.subject ?? finding.message].join('\0'))
    .digest('hex')
    .slice(0, 32);
}

function count(findings: readonly ScanFinding[], verdict: ScanFinding['verdict']): number {
  return findings.filter((f) => f.verdict === verdict).length;
}
