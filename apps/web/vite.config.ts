import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|map)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes .gz and .br beside every compressible file so the server can send them as they are. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'parking-hub-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle runs only after a successful write, so a failed build keeps its own error.
    writeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

const proxy = {
  '/parking-hub-api': { target: apiTarget, changeOrigin: true },
  '/gen-qr': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy },
  preview: { proxy },
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
