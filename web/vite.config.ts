import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, which the server
 * sends to browsers that accept them (@fastify/static's preCompressed): the entry script goes over
 * the wire at about a quarter of its size, with no compression work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'parliamo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // A failed build leaves no folder: return, so that the build's own error is the one reported.
      if (!fs.existsSync(outDir)) return;
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

// The ICU parser of the domain's intl-messageformat (FormatJS), wherever npm put it.
const fromDomain = createRequire(path.resolve(import.meta.dirname, '..', 'domain', 'package.json'));
const parserPath = fromDomain.resolve('@formatjs/icu-messageformat-parser');
const noParserPath = fromDomain.resolve('@formatjs/icu-messageformat-parser/no-parser.js');

/**
 * Catalogs (web/src/locales, domain/src/i18n/locales) compiled to ICU syntax trees at build time, and
 * the browser's intl-messageformat built without its parser (FormatJS's "no-parser"): the parser
 * stays out of the bundle (docs/i18n.md). A message that does not parse fails the build.
 */
function precompileMessages(): Plugin {
  let parse: ((message: string) => unknown) | undefined;
  return {
    name: 'parliamo:precompile-messages',
    enforce: 'pre',
    apply: 'build',
    async transform(code, id) {
      if (!/\/locales\/[a-z]{2}\/[\w-]+\.json$/.test(id)) return null;
      parse ??= ((await import(parserPath)) as { parse: (m: string) => unknown }).parse;
      const catalog = JSON.parse(code) as Record<string, string>;
      return { code: JSON.stringify(Object.fromEntries(Object.entries(catalog).map(([k, v]) => [k, parse!(v)]))), map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), precompileMessages()],
  resolve: command === 'build' ? { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: noParserPath }] } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Chakra's theme index builds its default config at module level; marking defineConfig pure lets
      // the recipes we do not list in theme.ts drop out of the bundle.
      treeshake: { manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', 'defineStyle', 'createSystem'] },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
