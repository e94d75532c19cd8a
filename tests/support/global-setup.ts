import pg from 'pg';

/**
 * Each test run gets PostgreSQL databases of its own (`emend_test_<pid>…`), so two runs on
 * one machine never drop each other's tables; they are dropped when the run ends, and those
 * of runs that died are cleaned up by the next one.
 */
const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const prefix = `emend_test_${process.pid}`;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function dropWhere(client: pg.Client, keep: (name: string) => boolean) {
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like 'emend_test_%'",
  );
  for (const { datname } of rows) {
    if (!keep(datname)) await client.query(`drop database if exists "${datname}" with (force)`);
  }
}

export async function setup() {
  await admin(async (client) => {
    await dropWhere(client, (name) => alive(Number(name.split('_')[2])));
    await client.query(`create database "${prefix}"`);
  });
  const url = new URL(base);
  url.pathname = `/${prefix}`;
  process.env.TEST_RUN_DATABASE_URL = url.toString();
}

export async function teardown() {
  await admin((client) => dropWhere(client, (name) => !name.startsWith(prefix)));
}
