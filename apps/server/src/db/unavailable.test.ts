import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { freePort } from '../test/free-port.ts';
import { connectDatabase } from './client.ts';
import { databaseUnavailable } from './unavailable.ts';

const failureOf = (work: () => Promise<unknown>) =>
  work().then(
    () => null,
    (err: unknown) => err,
  );

describe('databaseUnavailable (what the error handler answers 503 to)', () => {
  it('sees a refused connection through Drizzle’s query error', async () => {
    const nobody = connectDatabase(`postgres://postgres:x@127.0.0.1:${await freePort()}/none`, 1);
    const err = await failureOf(() => nobody.db.execute(sql`select 1`));
    await nobody.close();
    expect(err).toBeInstanceOf(Error);
    expect(databaseUnavailable(err)).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('sees a connection the server ended (57P01), and the driver’s refusal to reuse it', async () => {
    const url = inject('pgServerUrl');
    const victim = new pg.Client({ connectionString: url });
    victim.on('error', () => {});
    await victim.connect();
    const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    const ended = failureOf(() => victim.query('select pg_sleep(10)'));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    expect(databaseUnavailable(await ended)).toMatchObject({ code: '57P01' });
    const again = await failureOf(() => victim.query('select 1'));
    expect(databaseUnavailable(again)).toMatchObject({
      code: undefined,
      message: expect.stringMatching(/not queryable|terminated/),
    });
  });

  it('takes SQLSTATE class 08 and a server starting up or shutting down', () => {
    const pgError = (code: string) => Object.assign(new Error('…'), { code, severity: 'FATAL' });
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '53300']) {
      expect(databaseUnavailable(pgError(code)), code).toMatchObject({ code });
    }
    expect(databaseUnavailable(new AggregateError([pgError('08006')]))).toMatchObject({ code: '08006' });
  });

  it('leaves every other error to the rest of the handler', async () => {
    const url = inject('pgServerUrl');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const syntax = await failureOf(() => client.query('selec 1'));
    const division = await failureOf(() => client.query('select 1 / 0'));
    await client.query('create temp table once (x int primary key)');
    const unique = await failureOf(() => client.query('insert into once values (1), (1)'));
    await client.end();
    expect((unique as { code?: string }).code).toBe('23505');
    expect(databaseUnavailable(division)).toBeNull();
    expect(databaseUnavailable(syntax)).toBeNull();
    expect(databaseUnavailable(unique)).toBeNull();
    expect(databaseUnavailable(new AppError(409, 'errors.conflict'))).toBeNull();
    expect(databaseUnavailable(new Error('boom'))).toBeNull();
    expect(databaseUnavailable('a string')).toBeNull();
    expect(databaseUnavailable(null)).toBeNull();
  });
});
