/** This process's resident set size, sampled every `everyMs` until `stop`: its start and peak. */
export function watchRss(everyMs: number) {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, everyMs);
  return {
    baseline,
    /** One more sample now (at the end of the work, say). */
    sample,
    get peak() {
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}
