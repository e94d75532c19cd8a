// Settings from a `.env` beside package.json (see .env.example), for the commands run with tsx.
// Variables already set in the environment win over the file. Imported first by each entry point.
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '..', '.env');
if (fs.existsSync(file)) process.loadEnvFile(file);
