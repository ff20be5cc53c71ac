/**
 * The yardstick for `POST /v1/bill/find`: a bare Fastify + pg server answering the same single-row
 * lookup (a bill by its reference, with its shop's name), no auth, no validation, no envelope work.
 * Run by bench/bills.ts in its own process: `DATABASE_URL=… PORT=… node --import tsx bench/bare-server.ts`.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });

app.post('/find', async (request, reply) => {
  const { reference } = request.body as { reference: string };
  const res = await pool.query(
    `select b.*, s.name as shop_name from bills b join shops s on s.id = b.shop_id where b.reference = $1`,
    [reference],
  );
  if (!res.rows[0]) return reply.code(404).send({ status: 'error' });
  return { status: 'success', data: res.rows[0] };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
