/**
 * How long this process's own work held the event loop (issue 29), robust to a busy machine: a gap
 * between two ticks counts only as long as the process was on a CPU meanwhile (`process.cpuUsage`), so
 * a test process the OS set aside while other suites ran is not taken for a held loop. One thread
 * runs JavaScript, so a loop held by our work for N ms is N ms of our CPU. Test files run in
 * processes of their own (vitest's forks), so other files' work is not counted.
 */
export function watchLoop(intervalMs = 2) {
  let longest = 0;
  let lastWall = performance.now();
  let lastCpu = process.cpuUsage();
  const sample = () => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    longest = Math.max(longest, Math.min(wall - lastWall, cpuMs));
    lastWall = wall;
    lastCpu = cpu;
  };
  const tick = setInterval(sample, intervalMs);
  return {
    /** Stops watching; the longest hold in ms. */
    stop(): number {
      clearInterval(tick);
      sample();
      return longest;
    },
  };
}

/** Runs `fn`, answering its time in ms counted the same way: wall time, but no more than the process's CPU meanwhile. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { ms: Math.min(performance.now() - wall, (used.user + used.system) / 1000), value };
}
