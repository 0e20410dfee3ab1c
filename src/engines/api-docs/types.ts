/** The API-docs engine's data: one record per API, invocations seen in a snippet, and their checks. */

/**
 * What kind of thing an API record describes. `name`: a module-level name whose signature the
 * index does not know (an imported re-export, an assigned alias); it proves existence, it is never
 * retrieved as documentation.
 */
export type ApiKind = 'function' | 'method' | 'class' | 'operation' | 'name';

/** One parameter of an API's signature. */
export interface ApiParam {
  name: string;
  /** positional-only (before `/`), normal, keyword-only (after `*`), `*args`, `**kwargs`. */
  kind: 'positional' | 'normal' | 'keyword' | 'var_positional' | 'var_keyword';
  required: boolean;
  /** Default value as written in the source, when there is one. */
  default?: string;
  type?: string;
  /**
   * The properties an object literal passed here may have (TypeScript: the union of the object
   * members of the parameter's type, nested one level), present only when that set is closed (no
   * index signature, no type parameter, no `any`): an unknown property is then an error, as tsc's
   * excess-property check says.
   */
  fields?: ApiField[];
  /**
   * An object literal passed here is never passed as valid (TypeScript): the parameter's type is a
   * global one whose properties depend on the environment (DOM's `Request` or Node's), or classes with
   * private members, which no literal is (its keys are still checked against `fields`), or a type
   * parameter constrained to an object type (the literal's own type is checked against the constraint).
   */
  literalUnchecked?: LiteralUnchecked;
}

/** Why an object literal written where a parameter (or its property) expects one is never passed as valid. */
export type LiteralUnchecked = 'environment' | 'private' | 'generic';

/** One property of an options object a parameter accepts. */
export interface ApiField {
  name: string;
  required: boolean;
  /** The properties of this property's own object type, when closed (one level deep). */
  fields?: ApiField[];
  /** An object literal written here is never passed as valid, as for a parameter (`ApiParam.literalUnchecked`). */
  literalUnchecked?: LiteralUnchecked;
}

/** An object literal written as an argument: its position and its keys (nested one level). */
export interface ObjectArgument {
  /** Zero-based position among the call's positional arguments. */
  position: number;
  keys: string[];
  /** Object literals written as values of its keys. */
  nested?: Record<string, string[]>;
  /**
   * What this reading leaves unread, so that a check of it is never a pass: `''` when the literal itself has a
   * spread or a computed key, else each key whose literal value has one, or holds a literal deeper down.
   */
  unread?: string[];
}

/** One API as stored in the index (everything but the database id). */
export interface ApiRecord {
  /** The library an agent imports: `boto3`, `requests`, `lodash`, an OpenAPI title. */
  library: string;
  /** Qualified name: `s3.list_objects_v2`, `requests.sessions.Session.get`, `lodash.chunk`. */
  name: string;
  /** The owner a call goes through: a boto3 service (`s3`), a class (`Session`), a module (`requests.api`). */
  owner: string;
  /** The last segment of the name, the one a call site writes: `list_objects_v2`. */
  member: string;
  kind: ApiKind;
  /** Human-readable signature: `list_objects_v2(*, Bucket, Prefix=None, …)`. */
  signature: string;
  params: ApiParam[];
  /** First sentence(s) of the documentation. */
  description: string;
  /** The full documentation, kept but not sent by default. */
  documentation: string;
  /** Where the API is defined: a file (and line) or a document pointer. */
  location: string;
  version: string;
  /** Whether positional arguments are refused (boto3 client operations take keywords only). */
  keywordOnly?: boolean;
  /** Names the same API is also reachable by (re-exports), matched by the checker. */
  aliases?: string[];
}

/** A stored API with its id and the score of the query that found it. */
export interface ApiHit extends ApiRecord {
  id: string;
  score: number;
}

/** Problem codes of the invocation checker: the paper's hallucination kinds and their details. */
export type InvocationProblemCode = 'unknown_api' | 'missing_required' | 'unknown_argument' | 'too_many_positional';

export interface InvocationProblem {
  code: InvocationProblemCode;
  message: string;
  argument?: string;
}

/** A call found in a snippet, with its receiver resolved as far as the snippet allows. */
export interface SnippetCall {
  /** The call as written, shortened: `s3.list_object(Bucket="b")`. */
  text: string;
  /** The library the receiver resolves to, when known (`boto3`, `requests`, …). */
  library?: string;
  /** The owner the call goes through: a boto3 service, a class name, a module path. */
  owner?: string;
  /** How the owner was resolved: a boto3 client, an instance of a class, a module. */
  ownerKind?: 'client' | 'instance' | 'module';
  /** The called member: `list_object`. */
  member: string;
  /** The receiver's variable name when it did not resolve (`client` in `client.get_item()`). */
  receiver?: string;
  /** Dotted path from the library root when the call goes through modules: `requests.get`. */
  path?: string;
  positional: number;
  /** Whether a `*args` spread is passed (positional count unknown). */
  spreadPositional: boolean;
  keywords: string[];
  /** Whether a `**kwargs` spread is passed (keywords unknown). */
  spreadKeywords: boolean;
  /** The contents of string literals passed as arguments (`"arn:aws:sqs:…"`), evidence of what the call is about. */
  values?: string[];
  line: number;
  /** Where the called name (`list_object`, or `get` of `get(url)`) lies in the snippet: [start, end) in characters. */
  nameSpan?: readonly [number, number];
  /** An unclosed call in incomplete code: required arguments may still follow, so they are not demanded. */
  incomplete?: boolean;
  /** Object literals passed as positional arguments (only those without spreads or computed keys). */
  objects?: ObjectArgument[];
  /** The receiver is what this library call returned (`dateutil.parser.parse`): its type is unknown. */
  receiverOf?: string;
  /** The positional count of each call along `receiverOf` (TypeScript; -1 where not known): overloads are chosen by it. */
  receiverArities?: readonly number[];
  /** The receiver is an attribute of an object a library call gave (`parse(s).tzinfo`, written `parse(…).tzinfo`): not judged. */
  receiverAttribute?: string;
}

/** A call into an indexed library that the checker could not judge, and why (never a silent pass). */
export interface UnjudgedCall {
  call: string;
  library: string;
  member: string;
  reason: string;
}

/** The checker's verdict on one call. */
export interface InvocationCheck {
  call: string;
  /** The API the call resolved to (qualified name), or what it asked for when unknown. */
  api: string;
  library?: string;
  exists: boolean;
  valid: boolean;
  problems: InvocationProblem[];
  /** The member name, split, for query formulation. */
  member: string;
  owner?: string;
  /** How the owner was resolved (a `client`'s APIs are the whole of what the receiver offers). */
  ownerKind?: 'client' | 'instance' | 'module';
  keywords: string[];
  /** How many positional arguments the call passes (its shape, for retrieval). */
  positional?: number;
  /** Keys of the object literals the call passes (TypeScript options), for retrieval. */
  objectKeys?: string[];
  /** String literal arguments of the call, for retrieval. */
  values?: string[];
  /** The called name's place in the snippet (from the call), for per-call model confidence. */
  nameSpan?: readonly [number, number];
  /** False when the API exists but its arguments cannot be judged (parameters unknown, as for a bare re-exported name, or a parameter type the index cannot check). */
  argumentsChecked?: false;
}

/** Retrieval policy of DAG++: auto retrieves on a failed check or low confidence. */
export type TriggerMode = 'auto' | 'always' | 'never';
