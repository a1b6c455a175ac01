import { runAgent } from './agent-main.js';

void runAgent();
