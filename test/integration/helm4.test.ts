import { helmSuite } from './helm-suite.js';

helmSuite('helm4');
