/** The sum of a metric's samples in Prometheus' text format, over those carrying every label. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}) {
  let total = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const wanted = Object.entries(labels).every(([key, value]) =>
      (match[2] ?? "").includes(`${key}="${value}"`),
    );
    if (wanted) total += Number(match[3]);
  }
  return total;
}
