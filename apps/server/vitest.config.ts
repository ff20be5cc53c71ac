import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time: each test file has a database of its own (made from the migrated
    // template in global-setup.ts), so they cannot see each other. On the 2-core CI machine this
    // takes the API pass from ~300 s to ~180 s, and CI runs it twice.
    maxWorkers: 2,
  },
});
