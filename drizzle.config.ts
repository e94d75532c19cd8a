import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./lib/db/schema/desk.ts', './lib/db/schema/desk-team.ts', './lib/db/schema/service.ts'],
  out: './lib/db/migrations',
  schemaFilter: ['desk', 'service'],
});
