/** The package ships no types: what the tests read of its output (the shape of prom2json). */
declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    labels?: Record<string, string>;
    /** Counters, gauges, untyped. */
    value?: string;
    /** Histograms: upper bound → cumulative count, with the count and sum. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface ParsedFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
