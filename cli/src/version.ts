export { packageVersion as version } from '../../engine/src/index.js';
