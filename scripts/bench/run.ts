// `npm run bench`: measures the service and writes the figures into BENCHMARKS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchService } from './service';

const file = path.resolve(import.meta.dirname, '../../BENCHMARKS.md');
const START = '<!-- bench:service:start -->';
const END = '<!-- bench:service:end -->';

const lines = await benchService();
const section = [
  START,
  `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), Node ${process.version}.`,
  '',
  ...lines,
  END,
].join('\n');
const current = fs.existsSync(file)
  ? fs.readFileSync(file, 'utf8')
  : '# Benchmarks\n\n## Service latency\n\n';
const next = current.includes(START)
  ? current.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section)
  : `${current.trimEnd()}\n\n${section}\n`;
fs.writeFileSync(file, next);
console.log(section);
