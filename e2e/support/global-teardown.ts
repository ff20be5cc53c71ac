import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  // The web server is stopped before teardown runs; its data goes with it. PostgreSQL's last
  // processes may still be writing a moment after (ENOTEMPTY): removal is tried again meanwhile.
  if (dir?.includes('ph-e2e-'))
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
