/**
 * The process's memory sampled every 10 ms from now: `fin()` stops and answers the start and the peaks (bytes), for a
 * bench that reports how much a piece of work made the process grow.
 */
export function muestrearMemoria() {
  const base = process.memoryUsage();
  let rssPeak = base.rss;
  let heapPeak = base.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 10);
  return {
    fin() {
      clearInterval(sampler);
      return { base, rssPeak, heapPeak };
    },
  };
}
