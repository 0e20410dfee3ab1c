/** The install-command engine: what a package-manager command line asks to install, read as the manager reads it. */
export type { FileReader, InstallRequest, InstallTarget, PackageManager, TargetKind, UnresolvedPart } from './types.js';
export { parseRequirement, type Requirement, type RequirementResult } from './pep508.js';
export { parsePipInstall } from './pip-arguments.js';
export { logicalLines, parseRequirementsFile, type PipContext } from './requirements-file.js';
export { parsePythonCommand } from './python-managers.js';
export { classifyNpmSpec } from './npm-spec.js';
export { parseNodeCommand, type NodeCommandContext } from './npm-managers.js';
export { parseCondaCommand, classifyCondaSpec, type CondaCommandContext } from './conda-managers.js';
export { targetFromRequirement } from './requirements-file.js';
export { parsePyprojectText } from './pyproject-file.js';
export { dependencyFileKind, parseDependencyFile, type DependencyFileKind } from './dependency-files.js';
export { parseInstallCommand } from './parse-install-command.js';
export { manifestKind, parseManifestFile, type ManifestKind } from './manifest-files.js';
export { readsAsCondaEnvironment, readsAsRequirements } from './requirements-sniff.js';
export { packageScriptsRun, type PackageScript, type ScriptsRun } from './package-scripts.js';
