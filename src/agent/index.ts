import { runAgent } from './action.js';

void runAgent();
