// `import { startMock } from 'mockyard'`: the library's CommonJS bundle, for ES modules.
import mockyard from '../dist/lib-bundle/index.cjs';

export const { startMock } = mockyard;
