// Loaded into a benchmarked server process (`node --import`): counts the SQL statements the
// process runs (better-sqlite3 and pg, patched at their prototypes, before the server imports
// them) and answers the bench over the IPC channel with its CPU time, statement counts and heap.
// Only the benchmarks load it; the server itself knows nothing of it.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { writeHeapSnapshot } from 'node:v8';
import { countStatements } from './statement-counter.mjs';

const counts = countStatements(`${process.cwd()}/apps/server/package.json`);

/** A CPU profile of one stretch of the run (the bench's BENCH_PROFILE_DIR). */
let profiler;

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
      statements: counts.statements,
      transactionControl: counts.transactionControl,
      recentStatements: counts.recent.slice(-20),
      heapUsed: memory.heapUsed,
      rss: memory.rss,
    });
  } else if (message.type === 'profile-start') {
    profiler ??= new Session();
    profiler.connect();
    profiler.post('Profiler.enable', () =>
      profiler.post('Profiler.start', () => process.send?.({ type: 'profile-start', id: message.id })),
    );
  } else if (message.type === 'profile-stop') {
    profiler?.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(message.file, JSON.stringify(result.profile));
      profiler?.disconnect();
      process.send?.({ type: 'profile-stop', id: message.id, file: message.file });
    });
  } else if (message.type === 'heap-snapshot') {
    if (typeof globalThis.gc === 'function') globalThis.gc();
    process.send?.({ type: 'heap-snapshot', id: message.id, file: writeHeapSnapshot(message.file) });
  }
});
