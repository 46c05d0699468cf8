import { cpus, loadavg } from 'node:os';
import { meetsTarget, type BenchResult } from './result';
import { cpuProfileDir, quick } from './settings';

export function machineHeader(): string {
  const cores = cpus();
  const lines = [
    `Machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${process.platform}/${process.arch}`,
  ];
  const [oneMinute] = loadavg();
  lines.push(`Load average before starting: ${oneMinute!.toFixed(2)} (anything else running competes for the same cores and adds noise)`);
  if (quick) lines.push('BENCH_QUICK=1: reduced data sets and runs; figures are NOT comparable to targets.');
  if (cpuProfileDir) lines.push(`BENCH_CPU_PROF: server children write CPU profiles to ${cpuProfileDir} (profiling slows them).`);
  return lines.join('\n');
}

function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return `n/a ${unit}`;
  // Counts (whole numbers) print without decimals; measured figures keep two significant-ish digits.
  const digits = Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${text} ${unit}`;
}

function formatTarget(result: BenchResult): string {
  if (!result.target) return '';
  const sign = result.target.comparison === 'atLeast' ? '≥' : '≤';
  return `${sign} ${formatValue(result.target.value, result.unit)}`;
}

/** One table per group: measurement, value, target, PASS/FAIL, note. */
export function formatResults(results: readonly BenchResult[]): string {
  const groups = [...new Set(results.map((result) => result.group))];
  const blocks = groups.map((group) => {
    const rows = results
      .filter((result) => result.group === group)
      .map((result) => {
        const verdict = meetsTarget(result);
        return [
          result.name,
          formatValue(result.value, result.unit),
          formatTarget(result),
          verdict === undefined ? '' : verdict ? 'PASS' : 'FAIL',
          result.note ?? '',
        ];
      });
    const header = ['Measurement', 'Value', 'Target', 'Result', 'Note'];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) =>
      cells
        .map((cell, column) => (column === 1 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join(' | ')
        .trimEnd();
    return [
      `## ${group}`,
      line(header),
      widths.map((width) => '-'.repeat(width)).join('-|-'),
      ...rows.map(line),
    ].join('\n');
  });
  return blocks.join('\n\n');
}

export function summaryLine(results: readonly BenchResult[]): string {
  const checked = results.filter((result) => result.target);
  const failed = checked.filter((result) => !meetsTarget(result));
  return `${checked.length - failed.length} of ${checked.length} targets met${failed.length > 0 ? `; FAIL: ${failed.map((result) => result.name).join(', ')}` : ''}.`;
}
