import { parseArgs } from "node:util";
import pg from "pg";

/**
 * A database made afresh as `name` on the PostgreSQL server `serverUrl` names, for one benchmark:
 * its URL, and `drop()` to remove it afterwards.
 */
export async function freshPostgresDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A PostgreSQL benchmark run from the command line: `bench` for each build folder given (this
 * project when none), in turn, each printed as a line of JSON. `measures` names what needs
 * PostgreSQL, for the message when BENCH_POSTGRES_URL is not set.
 */
export async function benchEachBuild(
  measures: string,
  bench: (postgresUrl: string, root: string) => Promise<object>,
): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  if (!postgresUrl) throw new Error(`set BENCH_POSTGRES_URL: ${measures} PostgreSQL`);
  for (const root of positionals.length > 0 ? positionals : ["."]) {
    console.log(JSON.stringify({ build: root, ...(await bench(postgresUrl, root)) }));
  }
}
