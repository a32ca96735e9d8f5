export { packageVersion as version } from '../../engine/src/version.js';
