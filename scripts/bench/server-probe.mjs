// Loaded into a benchmarked server process (`node --import`): counts the SQL statements the
// process runs (better-sqlite3 and pg, patched at their prototypes, before the server imports
// them) and answers the bench over the IPC channel with its CPU time, statement counts and heap.
// Only the benchmarks load it; the server itself knows nothing of it.
import { writeHeapSnapshot } from 'node:v8';
import { countStatements } from './statement-counter.mjs';

const counts = countStatements(`${process.cwd()}/apps/server/package.json`);

process.on('message', (message) => {
  if (!message || typeof message !== 'object') return;
  if (message.type === 'probe') {
    if (message.gc && typeof globalThis.gc === 'function') {
      globalThis.gc();
      globalThis.gc();
    }
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    process.send?.({
      type: 'probe',
      id: message.id,
      cpuMicros: cpu.user + cpu.system,
      ...counts,
      heapUsed: memory.heapUsed,
      rss: memory.rss,
    });
  } else if (message.type === 'heap-snapshot') {
    if (typeof globalThis.gc === 'function') globalThis.gc();
    process.send?.({ type: 'heap-snapshot', id: message.id, file: writeHeapSnapshot(message.file) });
  }
});
