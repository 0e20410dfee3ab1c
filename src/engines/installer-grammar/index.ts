/** The installer grammar: the one table of install command forms, their options and flags, shared by the decoding monitor and the vetting engines. */
export { INSTALLER_FORMS, installerWord, PREFIX_WORDS, VALUE_OPTIONS, ZONE_FLAGS, type InstallerForm } from './installers.js';
