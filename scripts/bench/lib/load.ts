// One load run on loopback with autocannon, bounded in time and connections.
import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  base: string,
  name: string,
  path: string,
  options: { seconds?: number; connections?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url: base + path,
    connections: options.connections ?? 16,
    duration: options.seconds ?? 6,
    headers: options.headers,
  });
  return {
    name,
    path,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function table(rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) =>
          String(cell)
            .padStart(i === 0 ? 0 : widths[i]!)
            .padEnd(i === 0 ? widths[i]! : 0),
        )
        .join("  "),
    )
    .join("\n");
}

/** The p-th percentile of a set of samples (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
