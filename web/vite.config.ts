import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const page = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

// The API server hosts web/dist itself; in `vite dev` the API calls are forwarded to it.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const apiPrefixes = ['/ump', '/dmp', '/uniwim', '/package-api', '/readyz', '/docs'];

/**
 * Writes a .br and a .gz beside every text asset of the build, which the server sends to browsers that
 * accept them (server/src/platform/http/static-web.ts). On a phone's network the sign-in page's scripts
 * are a third of their size; compressing once here costs no CPU per request.
 */
const precompressAssets = (): Plugin => ({
  name: 'precompress-assets',
  apply: 'build',
  closeBundle() {
    const assets = page('./dist/assets');
    for (const name of readdirSync(assets)) {
      if (!/\.(js|css|svg|json)$/.test(name)) continue;
      const file = path.join(assets, name);
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  },
});

export default defineConfig({
  plugins: [react(), precompressAssets()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Keep every asset a file: data: URLs are allowed by the CSP, but files cache better.
    assetsInlineLimit: 0,
    rolldownOptions: {
      treeshake: {
        // antd's inputs import one context from @rc-component/form, whose index attaches every
        // form part to the default export; without this hint the sign-in page would ship the whole
        // form engine (about 14 kB gzipped) although it uses none of it.
        moduleSideEffects: (id: string) =>
          !/[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/.test(id),
      },
      input: {
        login: page('./login.html'),
        index: page('./index.html'),
        admin: page('./admin.html'),
        page: page('./page.html'),
        mobile: page('./mobile/index.html'),
      },
      output: {
        // Shared chunks would otherwise be named after whichever module the bundler saw first.
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/shared-[hash].js',
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, ws: true }])),
  },
});
