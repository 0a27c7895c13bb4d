// The payments report as the shop owner reads it beside each provider's statement: per provider
// each payment and refund (the provider's id, the order, the amount in sum, Tashkent time), the
// provider's totals, the grand total, and the refunds staff still owe.
import {
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentsReportAnswer,
  type PaymentsReportLine,
} from '@shop/shared';

/** Tashkent keeps UTC+5 all year (no summer time since 1992). */
const TASHKENT_OFFSET_MS = 5 * 60 * 60_000;

/** `tiyin` as sum with two decimals and no grouping (49000.00): what a spreadsheet reads. */
export function formatSum(tiyin: number): string {
  const sign = tiyin < 0 ? '-' : '';
  const abs = Math.abs(tiyin);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An instant in Tashkent time, to the second: 2026-03-11T11:00:00+05:00. */
export function tashkentTime(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return `${new Date(ms + TASHKENT_OFFSET_MS).toISOString().slice(0, 19)}+05:00`;
}

interface Entry {
  kind: 'payment' | 'refund';
  line: PaymentsReportLine;
}

interface Totals {
  payments: number;
  refunds: number;
}

function totalsLine(label: string, totals: Totals): string {
  const net = totals.payments - totals.refunds;
  return `  ${label}: payments ${formatSum(totals.payments)}, refunds ${formatSum(totals.refunds)}, net ${formatSum(net)}`;
}

/** Pads each column to its widest cell; amounts align right. */
function table(rows: readonly (readonly string[])[], rightAligned: number): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  }
  return rows.map(
    (row) =>
      '  ' +
      row
        .map((cell, index) =>
          index === row.length - 1
            ? cell
            : index === rightAligned
              ? cell.padStart(widths[index] ?? 0)
              : cell.padEnd(widths[index] ?? 0),
        )
        .join('  '),
  );
}

function entryRow({ kind, line }: Entry): string[] {
  return [
    kind,
    line.transaction_id,
    line.order_number,
    formatSum(line.amount_tiyin),
    tashkentTime(line.at),
  ];
}

function providerSection(provider: PaymentProvider, entries: readonly Entry[]): string[] {
  const mine = entries.filter((entry) => entry.line.provider === provider);
  const totals = sum(mine);
  return [
    provider,
    ...(mine.length === 0 ? ['  (none)'] : table(mine.map(entryRow), 3)),
    totalsLine('total', totals),
  ];
}

function sum(entries: readonly Entry[]): Totals {
  const totals: Totals = { payments: 0, refunds: 0 };
  for (const { kind, line } of entries) {
    if (kind === 'payment') totals.payments += line.amount_tiyin;
    else totals.refunds += line.amount_tiyin;
  }
  return totals;
}

function dueSection(due: readonly PaymentsReportLine[]): string[] {
  if (due.length === 0) return ['Refunds due: none'];
  const rows = due.map((line) => [
    line.provider,
    line.transaction_id,
    line.order_number,
    formatSum(line.amount_tiyin),
    `since ${tashkentTime(line.at)}`,
  ]);
  return ['Refunds due (staff must give these back)', ...table(rows, 3)];
}

/** The report's lines. */
export function renderPaymentsReport(report: PaymentsReportAnswer): string[] {
  const entries: Entry[] = [
    ...report.payments.map((line): Entry => ({ kind: 'payment', line })),
    ...report.refunds.map((line): Entry => ({ kind: 'refund', line })),
  ].sort((a, b) => Date.parse(a.line.at) - Date.parse(b.line.at));
  return [
    `Payments from ${tashkentTime(report.from)} to ${tashkentTime(report.to)} (Tashkent time, amounts in sum)`,
    '',
    ...PAYMENT_PROVIDERS.flatMap((provider) => [...providerSection(provider, entries), '']),
    'All providers',
    totalsLine('total', sum(entries)),
    '',
    ...dueSection(report.refunds_due),
  ];
}
