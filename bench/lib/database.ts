import pg from 'pg';

export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL of a bench database named for its catalogue size, created when missing. */
export function benchDatabaseUrl(products: number, fresh: boolean): Promise<string> {
  return benchDatabase(`tessera_bench_${products}`, fresh);
}

/** The URL of a bench database of this name, created when missing (dropped first if fresh). */
export async function benchDatabase(name: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: BENCH_SERVER_URL });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
