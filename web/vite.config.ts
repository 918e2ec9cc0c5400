import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const page = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

// The API server hosts web/dist itself; in `vite dev` the API calls are forwarded to it.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const apiPrefixes = ['/ump', '/dmp', '/uniwim', '/package-api', '/readyz', '/docs'];

export default defineConfig({
  plugins: [react()],
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
