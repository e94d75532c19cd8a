// `npm run --silent emend -- <command>`: administration from the terminal.
import './load-env-file';
import { createWriteStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createUser, DuplicateUserError, randomPassword } from '@/lib/auth/users';
import { blobStoreFor } from '@/lib/blobs';
import { type Database, DatabaseBusyError, openDatabase } from '@/lib/db/client';
import { userRoles } from '@/lib/db/schema/desk';
import { DeploymentError, parseSchemaText, registerDeployment } from '@/lib/desk/deployments';
import { entryFilterTable, parseEntryFiltersStrict } from '@/lib/desk/entry-filters';
import { exportEntries, exportFormatSchema, exportFormats } from '@/lib/desk/export';
import { env } from '@/lib/env';
import { purge } from '@/lib/retention';
import { createApiKey, DEFAULT_CREDITS_EUR, ensureAccount, revokeApiKey } from '@/lib/service/accounts';
import { listDeployments } from '@/lib/service/deployments';
import { seedService } from '@/lib/service/seed';

const usage = `Usage: npm run --silent emend -- <command>

  api-key create --account NAME [--credits EUR] [--name LABEL]
      Creates the account if new (default credits ${DEFAULT_CREDITS_EUR} EUR) and prints a new API key.
  api-key revoke --id KEY_ID
  deployments list [--json]
  deployments add --id DEPLOYMENT_ID --name NAME [--schema file.json]
      Registers a deployment of a v3 service that does not list them, for uploads and filters.
  users create --email EMAIL --role admin|reviewer [--password PASSWORD]
      Without --password, a random password is generated and printed.
  export [--format ${exportFormats.join('|')}] [--output FILE] [filters]
      Every entry matching the filters (as in the entries list), to stdout or FILE; default csv.
      Filters: ${entryFilterTable.map((f) => `--${f.param}`).join(' ')}
      e.g. export --deployment ID --review approved --format csv > out.csv
  purge [--days N]
      Removes documents, finished webhook deliveries and job history older than N days
      (default EMEND_RETENTION_DAYS); entries and corrections are kept. Prints what it removed.
`;

class UsageError extends Error {}

async function run(db: Database['db'], argv: string[]): Promise<void> {
  // `export` and `purge` are commands of one word; the others are a group and an action.
  const [group, ...more] = argv;
  const single = group === 'export' || group === 'purge';
  const action = single ? undefined : more[0];
  const rest = single ? more : more.slice(1);
  const { values } = parseArgs({
    args: rest,
    options: {
      account: { type: 'string' },
      credits: { type: 'string' },
      name: { type: 'string' },
      id: { type: 'string' },
      json: { type: 'boolean', default: false },
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      format: { type: 'string' },
      output: { type: 'string' },
      ...Object.fromEntries(entryFilterTable.map((f) => [f.param, { type: 'string' as const }])),
      schema: { type: 'string' },
      days: { type: 'string' },
    },
    strict: true,
  });
  const command = `${group ?? ''} ${action ?? ''}`.trim();
  switch (command) {
    case 'api-key create': {
      if (!values.account) throw new UsageError('--account NAME is required.');
      const credits = values.credits === undefined ? DEFAULT_CREDITS_EUR : Number(values.credits);
      if (!Number.isFinite(credits) || credits < 0) throw new UsageError('--credits must be a number ≥ 0.');
      const account = await ensureAccount(db, values.account, credits);
      const { key } = await createApiKey(db, account.id, values.name ?? 'cli');
      process.stdout.write(`${key}\n`);
      return;
    }
    case 'api-key revoke': {
      if (!values.id) throw new UsageError('--id KEY_ID is required.');
      if (!(await revokeApiKey(db, values.id)))
        throw new UsageError(`No active API key with id ${values.id}.`);
      console.error(`Revoked ${values.id}.`);
      return;
    }
    case 'deployments list': {
      const rows = (await listDeployments(db)).map((d) => ({
        id: d.id,
        name: d.name,
        structure_id: d.structureId,
        version: d.structureVersion,
      }));
      if (values.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else
        for (const d of rows) console.log(`${d.id}  ${d.name}  (structure ${d.structure_id} v${d.version})`);
      return;
    }
    case 'deployments add': {
      if (!values.id) throw new UsageError('--id DEPLOYMENT_ID is required.');
      if (!values.name) throw new UsageError('--name NAME is required.');
      let schemaText: string | null = null;
      if (values.schema) {
        try {
          schemaText = readFileSync(values.schema, 'utf8');
        } catch (error) {
          throw new UsageError(`Cannot read ${values.schema}: ${(error as Error).message}`);
        }
      }
      try {
        const d = await registerDeployment(db, {
          id: values.id,
          name: values.name,
          schema: parseSchemaText(schemaText),
        });
        console.log(`Registered ${d.id}  ${d.name}${d.schema ? ' (with its schema)' : ''}`);
      } catch (error) {
        if (error instanceof DeploymentError) throw new UsageError(error.message);
        throw error;
      }
      return;
    }
    case 'users create': {
      if (!values.email) throw new UsageError('--email EMAIL is required.');
      const role = values.role as (typeof userRoles)[number];
      if (!userRoles.includes(role)) throw new UsageError('--role must be admin or reviewer.');
      const password = values.password ?? randomPassword();
      if (password.length < 8) throw new UsageError('--password must have at least 8 characters.');
      const user = await createUser(db, { email: values.email, password, role });
      console.log(`Created ${user.role} ${user.email}${values.password ? '' : ` with password ${password}`}`);
      return;
    }
    case 'export': {
      const format = exportFormatSchema.safeParse(values.format ?? 'csv');
      if (!format.success) throw new UsageError(`--format must be one of ${exportFormats.join(', ')}.`);
      const params = new URLSearchParams();
      for (const { param } of entryFilterTable) {
        const value = (values as Record<string, unknown>)[param];
        if (typeof value === 'string') params.set(param, value);
      }
      // The list drops a malformed filter; a command must say so instead of exporting more.
      const parsed = parseEntryFiltersStrict(params);
      if (!parsed.ok) throw new UsageError(`--${parsed.param} "${parsed.value}" is not a valid value.`);
      const result = await exportEntries(db, parsed.filters, format.data);
      const out = values.output ? createWriteStream(values.output) : process.stdout;
      await pipeline(Readable.from(result.body), out, { end: Boolean(values.output) });
      console.error(
        `Exported ${result.total} ${result.total === 1 ? 'entry' : 'entries'}${values.output ? ` to ${values.output}` : ''}.`,
      );
      return;
    }
    case 'purge': {
      const days = values.days === undefined ? env().EMEND_RETENTION_DAYS : Number(values.days);
      if (days === undefined) throw new UsageError('purge needs --days N (or EMEND_RETENTION_DAYS).');
      if (!Number.isInteger(days) || days < 0) throw new UsageError('--days must be a whole number ≥ 0.');
      const counts = await purge(
        db,
        { desk: blobStoreFor('desk'), service: blobStoreFor('service') },
        new Date(Date.now() - days * 86_400_000),
      );
      process.stdout.write(`${JSON.stringify(counts)}\n`);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage);
    return;
  }
  let database: Database;
  try {
    database = await openDatabase();
  } catch (error) {
    if (error instanceof DatabaseBusyError) {
      console.error(`emend: ${error.message}`);
      process.exit(3);
    }
    throw error;
  }
  try {
    await seedService(database.db);
    await run(database.db, argv);
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof DuplicateUserError ||
      (error as Error).name === 'TypeError'
    ) {
      console.error(`emend: ${(error as Error).message}\n\n${usage}`);
      process.exitCode = 2;
    } else throw error;
  } finally {
    await database.close();
  }
}

await main();
