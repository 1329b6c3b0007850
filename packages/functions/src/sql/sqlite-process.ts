/**
 * The program of the child process that runs one SQLite command. better-sqlite3 works
 * synchronously and cannot be interrupted, so a slow command runs in a process of its own
 * that the parent kills at the time limit. Plain CommonJS text, so it runs from source and
 * from the bundled server alike.
 */
export const SQLITE_PROCESS_SOURCE = `
process.once('message', (job) => {
  let db;
  let phase = 'open';
  const reply = (message) => process.send(message, () => process.disconnect());
  try {
    const Database = require(job.modulePath);
    const isMemory = job.file === ':memory:';
    const open = (readonly) => {
      const database = new Database(job.file, { readonly: readonly && !isMemory, fileMustExist: !isMemory });
      database.pragma('hard_heap_limit = ' + job.heapLimitBytes);
      return database;
    };
    db = open(true);
    phase = 'command';
    let statement = db.prepare(job.sql);
    if (!statement.readonly && !isMemory) {
      // Opened for writing only when the command writes.
      db.close();
      phase = 'open';
      db = open(false);
      phase = 'command';
      statement = db.prepare(job.sql);
    }
    const values = job.values.map((value) => (typeof value === 'boolean' ? Number(value) : value));
    if (statement.reader) {
      const rows = [];
      let isTruncated = false;
      for (const row of statement.iterate(...values)) {
        if (rows.length === job.maxRows) {
          isTruncated = true;
          break;
        }
        rows.push(row);
      }
      reply({ ok: true, rows, rowsAffected: rows.length, isTruncated });
    } else {
      const info = statement.run(...values);
      reply({ ok: true, rows: null, rowsAffected: info.changes, isTruncated: false });
    }
  } catch (error) {
    reply({ ok: false, phase, message: String((error && error.message) || error), code: error && error.code });
  } finally {
    try {
      if (db) db.close();
    } catch {}
  }
});
`;
