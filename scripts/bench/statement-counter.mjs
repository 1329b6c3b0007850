// Counts the SQL statements this process runs, by patching the drivers' prototypes
// (better-sqlite3's statements, pg's client): what the runtime benchmark's probe and the
// turn-path test read. Transaction control (begin, commit, savepoints) is counted apart.
import { createRequire } from 'node:module';

const RECENT = 50;
const counts = { statements: 0, transactionControl: 0, recent: [] };
const isControl = (text) => /^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text);
const count = (text) => {
  if (typeof text === 'string' && isControl(text)) counts.transactionControl++;
  else counts.statements++;
  counts.recent.push(String(text).slice(0, 160));
  if (counts.recent.length > RECENT) counts.recent.shift();
};
let isInstalled = false;

/** Starts counting (once per process); `from` is a path whose node_modules hold the drivers. */
export function countStatements(from) {
  if (!isInstalled) {
    isInstalled = true;
    const require = createRequire(from);
    try {
      const Sqlite = require('better-sqlite3');
      const probe = new Sqlite(':memory:');
      const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1'));
      probe.close();
      for (const method of ['run', 'get', 'all', 'iterate']) {
        const original = statementPrototype[method];
        statementPrototype[method] = function counted(...args) {
          count(this.source);
          return original.apply(this, args);
        };
      }
      const exec = Sqlite.prototype.exec;
      Sqlite.prototype.exec = function counted(text) {
        count(text);
        return exec.call(this, text);
      };
    } catch {
      // no SQLite driver here
    }
    try {
      const pg = require('pg');
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function counted(config, ...rest) {
        count(typeof config === 'string' ? config : config?.text);
        return query.call(this, config, ...rest);
      };
    } catch {
      // no pg driver here
    }
  }
  return counts;
}
