/**
 * The hook command with its own fault reporting: the build bundles this file (and the hook path
 * behind it) into one, whose error classes are its own, so its faults are reported inside it.
 */
export { runHook } from './hook.js';
export { reportFault } from '../exit.js';
