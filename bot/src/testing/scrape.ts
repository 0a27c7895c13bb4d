// Reading a Prometheus text scrape back, for tests: the series of a figure and their values.

export interface Series {
  name: string;
  labels: Readonly<Record<string, string>>;
  value: number;
}

const SERIES_LINE = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Every sample line of a scrape (comments left out). */
export function parseScrape(text: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split('\n')) {
    const match = SERIES_LINE.exec(line);
    if (!match) continue;
    const [, name = '', labelText = '', value = ''] = match;
    const labels: Record<string, string> = {};
    for (const [, key = '', labelValue = ''] of labelText.matchAll(LABEL)) {
      labels[key] = labelValue;
    }
    series.push({ name, labels, value: Number(value) });
  }
  return series;
}

/**
 * The sum of the series of `name` whose labels include `labels`; undefined when there is none
 * (the figure is not in the scrape at all).
 */
export function figure(
  scrape: readonly Series[],
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number | undefined {
  const matching = scrape.filter(
    (series) =>
      series.name === name &&
      Object.entries(labels).every(([key, value]) => series.labels[key] === value),
  );
  return matching.length === 0
    ? undefined
    : matching.reduce((sum, series) => sum + series.value, 0);
}
