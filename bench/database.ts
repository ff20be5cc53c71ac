import pg from 'pg';

/**
 * A bench's own database `name` on the server of `serverUrl` (any database of it), made when
 * missing as the embedded one is (C locale); answers its URL. A bench that loads it once keeps it.
 */
export async function ownDatabase(serverUrl: string, name: string): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists)
      await admin.query(
        `create database ${admin.escapeIdentifier(name)} template template0 locale 'C' encoding 'UTF8'`,
      );
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
