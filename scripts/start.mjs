// `npm start`: builds what is stale (ensure-built.mjs), then runs the compiled server in this same
// process (issue 28: one Node start, not two; the check reads file dates only, no build tool is loaded).
import { ensureBuilt } from './ensure-built.mjs';

await ensureBuilt();
await import('../server/dist/main.js');
