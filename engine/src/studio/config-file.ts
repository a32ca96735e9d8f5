/** The studio saves config files with the engine's one atomic writer (see files/write-atomically.ts). */
export { writeAtomically as writeConfigFile } from '../files/write-atomically.js';
