/** What a name in an agent's snippet stands for, as far as the snippet shows it. */

export type SnippetValue =
  /** A module, or a function or class inside one: `requests`, `numpy.linalg`, `lodash.chunk`. */
  | { kind: 'module'; library: string; path: string }
  /** `boto3.client("s3")` */
  | { kind: 'client'; service: string }
  /** `boto3.resource("s3")` (resource methods are not indexed) */
  | { kind: 'resource'; service: string }
  /** `boto3.Session()` */
  | { kind: 'session' }
  /** `Session()`, `new S3Client()` */
  | { kind: 'instance'; library: string; cls: string }
  /**
   * What a library function returned (`dateutil.parser.parse(s)`): its type is not known from the snippet. `arities`
   * (TypeScript): the positional count of each call along `of` (-1 where not known), to pick the overload tsc picks.
   */
  | { kind: 'result'; library: string; of: string; arities?: readonly number[] }
  /** A method of such a result or instance, not yet called (`parse(s).replace`): `of` is the callee written `f(…).replace`. */
  | { kind: 'member'; library: string; of: string };

/** The last dotted segment of a path. */
export function lastPathSegment(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? path : path.slice(dot + 1);
}

/** Whether a name looks like a class (starts upper-case and is not all capitals). */
export function looksLikeClass(name: string): boolean {
  return /^[A-Z]/.test(name) && /[a-z]/.test(name);
}

/** One call's text for reports: whitespace collapsed, at most 120 characters. */
export function callText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}
