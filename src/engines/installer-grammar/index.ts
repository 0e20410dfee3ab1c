/** The installer grammar: the one table of installer programs, sub-commands, options and command forms, shared by the decoding monitor and the vetting engines. */
export {
  formValueOptions,
  INSTALLER_FORMS,
  installerWord,
  valueIsPackage,
  PREFIX_WORDS,
  VALUE_OPTIONS,
  ZONE_FLAGS,
  type InstallerForm,
} from './installers.js';
export {
  INSTALLING_COMMANDS,
  isManagerProgramName,
  MANAGER_PROGRAMS,
  RECIPE_BUILDERS,
  managerProgram,
  NPM_ALIASES,
  NPM_COMMANDS,
  npmSpellings,
  PIP_FETCHING_COMMANDS,
  PIP_PROGRAM,
  PYTHON_MODULES,
  PYTHON_PROGRAM,
  UPDATE_COMMANDS,
  type InstallingCommand,
  type ManagerName,
  type ManagerProgram,
} from './programs.js';
export * from './options-python.js';
export * from './options-uv.js';
export * from './options-node.js';
export * from './options-conda.js';
