import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/healthz': 'http://localhost:3000',
    },
  },
  // packages/contracts declares `sideEffects: false`, so the browser keeps only what it uses
  // (messages, validators), not the zod request schemas the server parses with.
  build: { outDir: 'dist', sourcemap: true },
});
