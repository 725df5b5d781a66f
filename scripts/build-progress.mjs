// Runs build steps behind one progress line (issue 24): a person starting Obra sees
// "Construyendo Obra: la web… 12 s" rewritten in place, then one line with the time it took, and
// not the ~190 lines of file sizes the web build prints. The steps' output is kept and shown only
// when a step fails. Without a terminal (CI, a log file) the same news comes as plain lines.
import { spawn } from 'node:child_process';

/**
 * @param {{ label: string, command: string, args: string[], cwd?: string }[]} steps
 * @param {{ out?: NodeJS.WriteStream | { write(s: string): unknown, isTTY?: boolean }, tickMs?: number }} [options]
 * @returns {Promise<void>} rejects with the failed step's output in the message
 */
export async function runSteps(steps, { out = process.stdout, tickMs = 1000 } = {}) {
  if (steps.length === 0) return;
  const tty = Boolean(out.isTTY);
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const show = (text) => out.write(tty ? `\r\u001b[2K${text}` : `${text}\n`);
  for (const step of steps) {
    const line = `Construyendo Obra: ${step.label}…`;
    show(line);
    const timer = tty ? setInterval(() => show(`${line} ${seconds()} s`), tickMs) : null;
    try {
      await run(step);
    } catch (err) {
      if (tty) out.write('\n');
      throw err;
    } finally {
      if (timer) clearInterval(timer);
    }
  }
  show(`Obra construida en ${seconds()} s (${steps.map((s) => s.label).join(' y ')}).`);
  if (tty) out.write('\n');
}

/** One step with its output captured; a failure carries that output. */
function run({ label, command, args, cwd }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`No se pudo construir ${label} (código ${code}):\n${Buffer.concat(chunks).toString()}`));
    });
  });
}
