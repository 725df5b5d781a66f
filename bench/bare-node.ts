/** Starts bench/bare-node-server.ts on recorded statements and stops it (see that file). */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Statement } from './product.ts';

export interface BareNode {
  url: string;
  stop(): Promise<void>;
}

export async function startBareNode(statements: Statement[], port: number, databaseUrl: string, poolSize: number): Promise<BareNode> {
  const file = `/tmp/obra-bench-bare-${port}.json`;
  writeFileSync(file, JSON.stringify(statements));
  const server = new URL('./bare-node-server.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', server, file, String(port), databaseUrl, String(poolSize)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare Node server stopped (code ${code})`)));
    child.stdout.once('data', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
