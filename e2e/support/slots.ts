import path from 'node:path';

/**
 * The browser tests run on several Playwright workers at once, each against a stack of its own: a
 * server with its own embedded PostgreSQL (DATA_DIR) and its own peers (fake WhatsApp Cloud API,
 * SMTP sink, inspection server). A worker's slot is its parallel index (0 … workers − 1; a worker
 * started again after a failure keeps its slot and so its stack), so nothing one spec file does to
 * a server (the company profile, the peers' injected failures, the first admin's sessions) is seen
 * by a file running on another worker. The peers process is told its slot by E2E_SLOT.
 */
export const SLOT = Number(process.env.E2E_SLOT ?? process.env.TEST_PARALLEL_INDEX ?? 0);

/** Ports of a slot: 18080, 18091, 18025 and 18092 for slot 0, each + 100 per slot after it. */
export function slotPorts(slot: number) {
  const offset = slot * 100;
  const base = (name: string, fallback: number) => Number(process.env[name] ?? fallback) + offset;
  return {
    app: base('E2E_PORT', 18_080),
    whatsapp: base('E2E_WA_PORT', 18_091),
    smtp: base('E2E_SMTP_PORT', 18_025),
    inspect: base('E2E_PEERS_PORT', 18_092),
  };
}

/** The slot's server: its base URL and where its data lives (below the run's E2E_DATA_DIR). */
export function slotServer(slot: number) {
  const root = process.env.E2E_DATA_DIR;
  if (!root) throw new Error('E2E_DATA_DIR is not set (the Playwright config sets it)');
  return {
    baseURL: `http://127.0.0.1:${slotPorts(slot).app}`,
    dataDir: path.join(root, `slot-${slot}`),
  };
}
