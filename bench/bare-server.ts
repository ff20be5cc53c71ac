/**
 * The yardstick for `POST /v1/bill/find`: a bare Fastify + pg server answering the same single-row
 * lookup (a bill by its reference, with its shop's name) as a named prepared statement (planned
 * once per connection, as the real server's are), no auth, no validation, no envelope work.
 * Run by bench/bill-find.ts in its own process: `DATABASE_URL=… PORT=… node --import tsx bench/bare-server.ts`.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });

const BILL_BY_REFERENCE =
  'select b.*, s.name as shop_name from bills b join shops s on s.id = b.shop_id where b.reference = $1';

app.post('/find', async (request, reply) => {
  const { reference } = request.body as { reference: string };
  const res = await pool.query({ name: 'bill_by_reference', text: BILL_BY_REFERENCE, values: [reference] });
  if (!res.rows[0]) return reply.code(404).send({ status: 'error' });
  return { status: 'success', data: res.rows[0] };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
