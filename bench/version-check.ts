/**
 * The staff mobile app's start-up check (issue 16), `GET /v1/app/check`, against the real server in
 * its own process: `node --import tsx bench/version-check.ts` (its own server on a throw-away
 * embedded PostgreSQL, or DATABASE_URL), or `versionCheckBench(server)` from `npm run bench`.
 *  - 200 releases per platform published through the API as an admin (a release every few days
 *    over two years, every 25th forcing an update, the minimum rising, two scheduled ahead);
 *  - 50 connections for BENCH_SECONDS (10) s, 600 different calls (both platforms, callers from
 *    far behind to ahead, with and without a build, one in four in English), next to the
 *    strongest plain implementation in the same run: a bare Fastify + pg server answering the same
 *    check from one named prepared statement per call (this file again, VERSION_CHECK_BARE=1);
 *  - both must give the same answers. Target: ≥ 2,000 requests/s.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { type Load, login, row, seconds } from './load.ts';
import { type BenchServer, endsWithBench, freePort, startBenchServer, waitFor } from './server.ts';
import { out, runAlone, type Verdict } from './stats.ts';

const PER_PLATFORM = 200;
const PLATFORMS = ['android', 'ios'] as const;
const DAY = 86_400_000;
const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };
const STORE = {
  android: 'https://play.google.com/store/apps/details?id=la.parkinghub.staff',
  ios: 'https://apps.apple.com/la/app/parking-hub-staff/id6451234567',
};

/**
 * Release i of a platform: versions 10.0.0 upward (iOS a major ahead), builds from 100,000 rising
 * with them, above the releases a demo-loaded database holds already (1.x, builds under 100).
 */
function releaseOf(platform: (typeof PLATFORMS)[number], i: number, now: number) {
  const v = (n: number) =>
    `${10 + Math.floor(n / 40) + (platform === 'ios' ? 1 : 0)}.${Math.floor((n % 40) / 8)}.${n % 8}`;
  return {
    platform,
    version: v(i),
    build: 100_000 + i * 3,
    minVersion: v(Math.max(0, i - 20)),
    forceUpdate: i % 25 === 24,
    storeUrl: STORE[platform],
    notesLo: `ເວີຊັນ ${v(i)}: ບັນທຶກລົດເຂົ້າ-ອອກໄວຂຶ້ນ, ແກ້ໄຂການພິມບິນ ແລະ ປັບປຸງການສະແກນ QR. `.repeat(2),
    notesEn:
      `Version ${v(i)}: faster check-in and check-out, ticket printing fixed, better QR scanning. `.repeat(2),
    // Every three days back from today; the last two come out tomorrow and next week.
    releasedAt: new Date(
      i < PER_PLATFORM - 2
        ? now - (PER_PLATFORM - 2 - i) * 3 * DAY
        : now + (i === PER_PLATFORM - 2 ? 1 : 7) * DAY,
    ).toISOString(),
  };
}

async function seed(base: string, token: string) {
  const api = `${base}/parking-hub-api/v1`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const now = Date.now();
  for (const platform of PLATFORMS) {
    const listed = await fetch(`${api}/version-apps?platform=${platform}&pageSize=1`, { headers });
    const have = ((await listed.json()) as { meta?: { total: number } }).meta?.total ?? 0;
    if (have >= PER_PLATFORM) {
      out(`  ${platform}: ${have} releases there already`);
      continue;
    }
    const started = Date.now();
    for (let i = 0; i < PER_PLATFORM; i++) {
      const res = await fetch(`${api}/version-app/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify(releaseOf(platform, i, now)),
      });
      if (res.status !== 201) throw new Error(`release ${platform} ${i}: ${res.status} ${await res.text()}`);
    }
    out(
      `  ${platform}: ${PER_PLATFORM} releases published in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}

/** 600 calls: both platforms, callers spread over the versions (and a few ahead), builds or not. */
function sampleCalls(): Array<{ path: string; english: boolean }> {
  let x = 42;
  const next = (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
  return Array.from({ length: 600 }, (_, i) => {
    const platform = PLATFORMS[i % 2] as (typeof PLATFORMS)[number];
    const r = releaseOf(platform, next(PER_PLATFORM + 5) % PER_PLATFORM, 0);
    const build = next(3) === 0 ? '' : `&build=${r.build - next(2)}`;
    const version = next(50) === 0 ? '99.9.9' : r.version;
    return { path: `/app/check?platform=${platform}&version=${version}${build}`, english: i % 4 === 3 };
  });
}

async function measure(base: string, calls: Array<{ path: string; english: boolean }>): Promise<Load> {
  let i = 0;
  const prefix = new URL(base).pathname.replace(/\/$/, '');
  const requests = calls.map((c) => ({
    path: `${prefix}${c.path}`,
    headers: c.english ? { 'accept-language': 'en' } : { 'accept-language': 'lo' },
  }));
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: seconds(),
    requests: [
      {
        setupRequest: (req) => {
          const r = requests[i++ % requests.length] as (typeof requests)[number];
          return { ...req, method: 'GET', path: r.path, headers: r.headers };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

interface Answer {
  data?: { latest: { version: string } | null; updateAvailable: boolean; required: boolean };
}
const answerOf = async (url: string) => {
  const a = ((await (await fetch(url)).json()) as Answer).data;
  return a ? `${a.latest?.version}|${a.updateAvailable}|${a.required}` : 'none';
};

async function startBare(databaseUrl: string) {
  const port = await freePort();
  const child = endsWithBench(
    spawn(process.execPath, ['--import', 'tsx', 'bench/version-check.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, VERSION_CHECK_BARE: '1', DATABASE_URL: databaseUrl, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(child, () =>
    fetch(`${base}/app/check?platform=android&version=1.0.0`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function versionCheckBench(server: BenchServer, admin = ADMIN): Promise<Verdict[]> {
  out(`\nGET /v1/app/check: publishing ${PER_PLATFORM} releases per platform through the API…`);
  await seed(server.base, await login(server.base, admin.username, admin.password));
  const opened = await openDatabase(loadConfig({ ...process.env, DATA_DIR: server.dataDir }), {
    joinRunning: true,
  });
  const databaseUrl = opened.url;
  await opened.close();
  const calls = sampleCalls();
  const ours = `${server.base}/parking-hub-api/v1`;
  const bare = await startBare(databaseUrl);
  try {
    let differ = 0;
    for (const c of calls.slice(0, 100))
      if ((await answerOf(`${ours}${c.path}`)) !== (await answerOf(`${bare.base}${c.path}`))) differ++;
    out(`  same answers on 100 calls: ${differ === 0 ? 'yes' : `NO, ${differ} differ`}`);
    await measure(bare.base, calls); // warm-up of both sides
    await measure(ours, calls);
    const plain = await measure(bare.base, calls);
    const real = await measure(ours, calls);
    out(`\nGET /v1/app/check, 50 connections, ${seconds()} s each, 600 different calls:`);
    out(row('bare Fastify + pg (named statement)', plain));
    out(row('Parking Hub GET /v1/app/check', real));
    out(
      `  ratio ${(real.rps / plain.rps).toFixed(2)}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (differ > 0) process.exitCode = 1;
    return [
      {
        what: 'app/check (200 releases per platform)',
        target: '≥ 2,000 /s',
        measured: `${real.rps.toFixed(0)} /s (bare ${plain.rps.toFixed(0)}), p99 ${real.p99} ms`,
        pass: real.rps >= 2000 && real.errors === 0 && differ === 0,
        correct: real.errors === 0 && differ === 0,
      },
    ];
  } finally {
    await bare.stop();
  }
}

/**
 * The yardstick: per call, one named prepared statement finds the latest release out and whether a
 * force-update release newer than the caller is out; no cache, no validation library, no envelope
 * work beyond the answer's JSON.
 */
async function bareServer() {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  const app = Fastify({ logger: false });
  const CHECK = `
    select l.version, l.build, l.min_version, l.force_update, l.store_url, l.notes_lo, l.notes_en, l.released_at,
      (l.min_major, l.min_minor, l.min_patch) > ($2::int, $3::int, $4::int) as below_min,
      (l.major, l.minor, l.patch, l.build) > ($2::int, $3::int, $4::int, coalesce($5::int, l.build)) as behind,
      exists (select 1 from app_versions f where f.platform = $1 and f.released_at <= now() and f.force_update
        and (f.major, f.minor, f.patch, f.build) > ($2::int, $3::int, $4::int, coalesce($5::int, f.build))) as forced
    from (select * from app_versions where platform = $1 and released_at <= now()
          order by major desc, minor desc, patch desc, build desc limit 1) l`;
  const SEMVER = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;
  app.get('/app/check', async (request, reply) => {
    const q = request.query as { platform?: string; version?: string; build?: string };
    const v = SEMVER.exec(q.version ?? '');
    const build = q.build ? Number(q.build) : null;
    if (!v || (q.platform !== 'android' && q.platform !== 'ios') || (build !== null && !(build > 0)))
      return reply.code(400).send({ status: 'error' });
    const res = await pool.query({
      name: 'check',
      text: CHECK,
      values: [q.platform, Number(v[1]), Number(v[2]), Number(v[3]), build],
    });
    const l = res.rows[0];
    if (!l) return { status: 'success', data: { latest: null, updateAvailable: false, required: false } };
    const english = request.headers['accept-language']?.startsWith('en');
    return {
      status: 'success',
      data: {
        latest: {
          version: l.version,
          build: l.build,
          minVersion: l.min_version,
          forceUpdate: l.force_update,
          storeUrl: l.store_url,
          notes: (english ? l.notes_en : l.notes_lo) || l.notes_lo,
          releasedAt: l.released_at,
        },
        updateAvailable: l.behind,
        required: l.below_min || l.forced,
      },
    };
  });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  process.on('SIGTERM', () => {
    void app.close().then(() => pool.end().then(() => process.exit(0)));
  });
}

if (process.env.VERSION_CHECK_BARE === '1' && import.meta.url === `file://${process.argv[1]}`) {
  void bareServer();
} else {
  runAlone(import.meta.url, async () => {
    const server = await startBenchServer({
      INITIAL_ADMIN_USERNAME: ADMIN.username,
      INITIAL_ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      return await versionCheckBench(server);
    } finally {
      await server.stop();
    }
  });
}
