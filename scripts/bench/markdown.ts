import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BENCHMARKS_FILE = path.resolve(import.meta.dirname, '../../BENCHMARKS.md');

/** "Measured 2026-11-23 on 2 cores (…), Node v20…": the first line of every bench section. */
export function machineLine(): string {
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), Node ${process.version}.`;
}

/**
 * Replaces the section between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` in
 * BENCHMARKS.md (appending it under `heading` the first time), leaving the rest as it is.
 */
export function writeBenchSection(name: string, heading: string, lines: string[]): string {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = [start, ...lines, end].join('\n');
  const current = fs.existsSync(BENCHMARKS_FILE)
    ? fs.readFileSync(BENCHMARKS_FILE, 'utf8')
    : '# Benchmarks\n';
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => section)
    : `${current.trimEnd()}\n\n${heading}\n\n${section}\n`;
  fs.writeFileSync(BENCHMARKS_FILE, next);
  return section;
}
