/** Collects the server's JSON log lines in memory, so a test can search everything it logged. */
export interface LogCapture {
  stream: { write(line: string): void };
  readonly lines: string[];
  text(): string;
  /** Parsed lines whose `msg` contains `fragment`. */
  messages(fragment: string): Record<string, unknown>[];
}

export function captureLogs(): LogCapture {
  const lines: string[] = [];
  return {
    stream: { write: (line) => void lines.push(line) },
    lines,
    text: () => lines.join(''),
    messages: (fragment) =>
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => typeof entry.msg === 'string' && entry.msg.includes(fragment)),
  };
}
