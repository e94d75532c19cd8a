// `npm run bench`: measures the service and writes the figures into BENCHMARKS.md.
import { machineLine, writeBenchSection } from './markdown';
import { benchService } from './service';

const lines = await benchService();
console.log(writeBenchSection('service', '## Service latency', [machineLine(), '', ...lines]));
