import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';
// Relative: the config loader leaves package imports to Node, which does not run the contracts' .ts.
import { DEFAULT_TIMEZONE } from '../../packages/contracts/src/business-day';
import { type EarlyStartPlan, earlyStart } from './src/app/early-start';
import { DASHBOARD_PATHS } from './src/features/dashboard/api/dashboard-keys';
import {
  API_BASE,
  LANGUAGE_STORAGE_KEY,
  REPORT_BY_CLOSING_KEY,
  TOKEN_STORAGE_KEY,
  WEB_BRAND,
} from './src/lib/config';

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
 * Preloads the Noto Sans Lao files the first screen draws with (app/fonts: Lao, Latin and the ₭,
 * 400 and 600), so text does not show in a fallback font and then move when the font arrives
 * (layout shift). fontsource's latin-ext files are not among them: only rarer letters use them.
 */
function preloadFonts(): Plugin {
  const FIRST_PAINT = /noto-sans-lao-lao-(400|600)-normal-and-latin-[\w-]+\.woff2$/;
  return {
    name: 'parking-hub-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((file) => FIRST_PAINT.test(file));
        if (fonts.length !== 2)
          throw new Error(`preload-fonts: expected 2 font files, found ${fonts.join(', ')}`);
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
 * Writes public/favicon.svg (300 bytes) into the pages as a data: URL: otherwise a phone spends one
 * of its six connections to the server on it while the entry, the fonts and the data are loading.
 */
function inlineFavicon(): Plugin {
  let publicDir = 'public';
  return {
    name: 'parking-hub-inline-favicon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8').trim();
        const url = `data:image/svg+xml,${svg.replaceAll('"', "'").replace(/[<>#%\n]/g, encodeURIComponent)}`;
        const tag = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
        if (!html.includes(tag)) throw new Error('inline-favicon: the icon link was not found');
        return html.replace(tag, `<link rel="icon" type="image/svg+xml" href="${url}" />`);
      },
    },
  };
}

/**
 * Puts the entry's stylesheet (font faces, the plain components; about 3 KB) into index.html: the
 * first paint (the loading screen index.html carries) then waits for no second request. Its link
 * stays, disabled (a disabled stylesheet is never fetched): Vite's preload helper, which a lazy
 * chunk sharing CSS with the entry asks for that stylesheet, sees it is in the page already.
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
            if (asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source).trim()}</style><link rel="stylesheet" href="/${file}" disabled>`;
          },
        );
      },
    },
  };
}

/**
 * The zone's offset from UTC now, in minutes (Asia/Vientiane: +420, all year). A zone with summer
 * time would be an hour off part of the year: the dashboard's chart would then not take the early
 * answer and ask itself, nothing worse.
 */
function utcOffsetMinutes(timeZone: string): number {
  const now = new Date();
  const wall = new Date(now.toLocaleString('en-US', { timeZone }));
  const utc = new Date(now.toLocaleString('en-US', { timeZone: 'UTC' }));
  return Math.round((wall.getTime() - utc.getTime()) / 60_000);
}

/**
 * Writes app/early-start.ts's `earlyStart` into the pages: on an /app page with a stored token,
 * it asks for /v1/me and, on /app itself, the dashboard's answers while the entry is still on its
 * way. The server allows this inline script by its hash (apps/server/src/plugins/web-static.ts).
 */
function earlyStartScript(): Plugin {
  const plan: EarlyStartPlan = {
    tokenKey: TOKEN_STORAGE_KEY,
    languageKey: LANGUAGE_STORAGE_KEY,
    byClosingKey: REPORT_BY_CLOSING_KEY,
    apiBase: API_BASE,
    me: { path: '/v1/me', body: { brand: WEB_BRAND } },
    dashboard: { ...DASHBOARD_PATHS, utcOffsetMinutes: utcOffsetMinutes(DEFAULT_TIMEZONE), days: 30 },
  };
  return {
    name: 'parking-hub-early-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler() {
        const source = `(${earlyStart})(${JSON.stringify(plan)})`;
        const { code, errors } = minifySync('early-start.js', source, { compress: true, mangle: true });
        if (errors.length) throw new Error(`early-start: ${errors.map((e) => e.message).join('; ')}`);
        return [{ tag: 'script', children: code.trim(), injectTo: 'head' as const }];
      },
    },
  };
}

/**
 * `app.html`, the page the server sends for /app and every path below it: index.html plus
 * preloads of the chunks every signed-in screen loads first (the MUI layout, the guard, the shell
 * with the dashboard, MUI and TanStack Query). Without them a phone learns of these files only
 * once the entry has arrived and run: a round trip and the entry's run time later. Modulepreloads
 * (Chrome compiles them off the main thread; a plain `preload as=script` left a 150 ms compile on
 * it) at low priority (the entry and the fonts come first). The server also announces them in a
 * Link header (plugins/web-static.ts). The login page (index.html) stays as it is.
 */
function appPage(): Plugin {
  const FIRST = [
    'app/layout/mui-layout.tsx',
    'app/guards/general-guard.tsx',
    'app/layout/app-layout.tsx',
    'features/dashboard/dashboard-page.tsx',
  ].map((file) => `/apps/web/src/${file}`);
  return {
    name: 'parking-hub-app-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const modules = new Set<string>();
      const add = (file: string) => {
        const chunk = byFile.get(file);
        if (!chunk || chunk.isEntry || modules.has(file)) return;
        modules.add(file);
        for (const imported of chunk.imports) add(imported);
      };
      for (const chunk of chunks) {
        const ids = chunk.moduleIds.map((id) => id.replaceAll('\\', '/'));
        if (ids.some((id) => FIRST.some((file) => id.endsWith(file)))) add(chunk.fileName);
      }
      if (!modules.size) throw new Error('app.html: the shell chunks were not found');
      const links = [...modules]
        .sort()
        .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
      const html = String(index.source);
      // Right after the entry's script tag.
      const entry = /<script type="module" crossorigin src="[^"]+"><\/script>/.exec(html);
      if (!entry) throw new Error("app.html: the entry's script tag was not found");
      const at = entry.index + entry[0].length;
      const source = `${html.slice(0, at)}\n    ${links.join('\n    ')}${html.slice(at)}`;
      this.emitFile({ type: 'asset', fileName: 'app.html', source });
    },
  };
}

/** MUI and what it runs on: one chunk for the shell and the common screens (see `codeSplitting`). */
const MUI =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|stylis|react-transition-group|@popperjs|hoist-non-react-statics|react-is|clsx|@babel)[\\/]/;
/**
 * MUI components that neither the shell nor the dashboard draws at first (forms, menus, pickers,
 * tooltips: the shell loads those on use), and the parts only they use (input adornments, helper
 * texts, their icons, roving focus, and what the date picker brings: its slide transitions,
 * visually hidden text, theme props): a second chunk, loaded with the screens that need it.
 */
const MUI_LATER =
  /[\\/](@popperjs[\\/]|@mui[\\/]material[\\/]((Alert|Autocomplete|useAutocomplete|Card\w*|Checkbox|Collapse|Dialog\w*|FilledInput|FormGroup|Grow|Input|ListItem|ListItemSecondaryAction|Menu|MenuItem|MenuList|NativeSelect|Popover|Popper|Radio\w*|Select|Stack|Step\w*|TableContainer|TableFooter|TablePagination\w*|TextField|ToggleButton\w*|Tooltip|locale|InputAdornment|FormHelperText)[\\/]|internal[\\/]svg-icons[\\/](ArrowDropDown|CheckBox\w*|CheckCircle|Close|ErrorOutline|FirstPage|IndeterminateCheckBox|InfoOutlined|KeyboardArrow\w+|LastPage|RadioButton\w+|ReportProblemOutlined|SuccessOutlined|Warning)\.|utils[\\/](focusWithVisible|getScrollbarSize)\.)|@mui[\\/]utils[\\/](useRovingTabIndex|useSlotProps|fastObjectShallowCompare|getValidReactChildren|useForcedRerendering|usePreviousProps|visuallyHidden)[\\/]|@mui[\\/]material[\\/]styles[\\/]useThemeProps\.|react-transition-group[\\/]|dom-helpers[\\/]|@babel[\\/]runtime[\\/]helpers[\\/]esm[\\/](setPrototypeOf|inheritsLoose|assertThisInitialized|objectWithoutPropertiesLoose)\.)/;

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
  plugins: [
    react(),
    preloadFonts(),
    inlineEntryCss(),
    inlineFavicon(),
    earlyStartScript(),
    appPage(),
    precompress(),
  ],
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
