/** The registry gate engine: PyPI Simple and npm registry metadata vetted at the index, and the loopback server that serves it. */
export type { GateEcosystem, GateJudgement, GateReasonCode, HeldBack, UpstreamFacts } from './types.js';
export { minReleaseAgeMs, formatAge, formatMinAge, parseTime } from './release-age.js';
export {
  parseSimpleProject,
  renderSimpleProject,
  preferredFormat,
  fileVersion,
  type SimpleFile,
  type SimpleProject,
  type SimpleFormat,
} from './pypi-simple.js';
export { vetPypiProject, type VettedPypiProject } from './pypi-vet.js';
export {
  vetPackument,
  quickVetPackument,
  servePackument,
  tarballVersion,
  type Packument,
  type QuickVet,
  type VettedPackument,
} from './npm-packument.js';
export { parseGateRoute, pypiFileUrl, pypiRefusedUrl, npmTarballUrl, npmPackumentPath, type GateRoute } from './gate-routes.js';
export { reasonPhrase, refusalBody } from './refusal.js';
export { startGateServer, type GateServerOptions, type RunningGate } from './io/gate-server.js';
export { fetchUpstreamMetadata } from './io/upstream-client.js';
export { gateEnvironment, renderShellExports } from './gate-env.js';
export { scanPackumentLayout, PackumentScanner, type PackumentLayout, type ByteRange } from './packument-layout.js';
export { replaceBytes } from './byte-replace.js';
