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

/**
 * Preloads the Noto Sans Lao files the first screen draws with (Lao and Latin, 400 and 600), so
 * text does not show in a fallback font and then move when the font arrives (layout shift).
 * The latin-ext files (the ₭ of amounts) are asked for by /app's loader: the login shows none.
 */
function preloadFonts(): Plugin {
  const FIRST_PAINT = /noto-sans-lao-(lao|latin)-(400|600)-normal-[\w-]+\.woff2$/;
  return {
    name: 'parking-hub-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((file) => FIRST_PAINT.test(file));
        return fonts.sort().map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Puts the entry's stylesheet (font faces, the plain components; about 3 KB) into index.html: the
 * first paint (the loading screen index.html carries) then waits for no second request.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'parking-hub-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source).trim()}</style>` : tag;
          },
        );
      },
    },
  };
}

/** MUI and what it runs on: one chunk for the shell and the common screens (see `codeSplitting`). */
const MUI =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|stylis|react-transition-group|@popperjs|hoist-non-react-statics|react-is|clsx|@babel)[\\/]/;
/**
 * MUI components that neither the shell nor the dashboard draws at first (forms, menus, pickers,
 * tooltips: the shell loads those on use): a second chunk, loaded with the screens that need it.
 */
const MUI_LATER =
  /[\\/](@popperjs|@mui[\\/]material[\\/](Alert|Autocomplete|useAutocomplete|Card\w*|Checkbox|Collapse|Dialog\w*|FilledInput|FormGroup|Grow|Input|ListItem|ListItemSecondaryAction|Menu|MenuItem|MenuList|NativeSelect|Popover|Popper|Radio\w*|Select|Stack|Step\w*|TableContainer|TableFooter|TablePagination\w*|TextField|ToggleButton\w*|Tooltip|locale))[\\/]/;

/**
 * The signed-in shell and the dashboard, the first screen after sign-in: one chunk instead of ~15
 * small ones, each of which a phone fetches in a round trip of its own. What the shell loads on
 * use (profile-menu-list, the account dialog, the shop picker) stays out.
 */
const SHELL = [
  'app/layout/app-layout.',
  'app/layout/top-bar.',
  'app/layout/app-drawer.',
  'app/layout/nav-icons.',
  'app/layout/profile-menu.',
  'app/layout/mui-layout.',
  'app/guards/',
  'app/mui-theme.',
  'app/theme.',
  'app/use-screen-title.',
  'app/placeholder-page.',
  'features/dashboard/',
  'features/auth/api/logout.',
  'components/page-header.',
  'components/states.',
  'components/picker-placeholder.',
  'components/vehicle-icon.',
  'components/language-switch.',
  'components/chart/',
  'lib/query-client.',
  'lib/query-keys.',
  'lib/format.',
  'lib/use-by-closing.',
  'lib/by-closing-store.',
  'locales/lo/dashboard.json',
].map((part) => `/apps/web/src/${part}`);
const inShell = (id: string) => SHELL.some((part) => id.replaceAll('\\', '/').includes(part));

const proxy = {
  '/parking-hub-api': { target: apiTarget, changeOrigin: true },
  '/gen-qr': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), preloadFonts(), inlineEntryCss(), precompress()],
  server: { proxy },
  preview: { proxy },
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: a phone on a slow link pays a round trip per request, and the
        // automatic split made ~70 files for the dashboard (decision 005).
        codeSplitting: {
          groups: [
            // Everything the entry imports statically, in one file beside it.
            { name: 'start', tags: ['$initial'], priority: 30 },
            // Forms only: never part of a screen's first load.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 20 },
            { name: 'mui', test: (id) => MUI.test(id) && !MUI_LATER.test(id), priority: 15 },
            { name: 'mui-more', test: MUI_LATER, priority: 10 },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 10 },
            // Last, so that the libraries its modules import stay in their own chunks.
            { name: 'shell', test: inShell, priority: 5 },
          ],
        },
      },
    },
  },
});
