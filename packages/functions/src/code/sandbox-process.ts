/**
 * The program of the child process that hosts one isolated-vm isolate. V8 cannot always
 * recover from an isolate running out of memory (isolated-vm's own README says so): some
 * allocations abort the whole process. Here that ends this child only.
 */
export const SANDBOX_PROCESS_SOURCE = `
process.once('message', async (job) => {
  const reply = (message) => process.send(message, () => process.exit(0));
  const ivm = require(job.modulePath);
  const isolate = new ivm.Isolate({ memoryLimit: job.memoryLimitMb });
  const logs = [];
  let isPastDeadline = false;
  let timer;
  try {
    const context = await isolate.createContext();
    await context.global.set(job.inputsGlobal, new ivm.ExternalCopy(job.inputs).copyInto());
    await context.global.set('__parleyLog', new ivm.Callback((level, line) => {
      if (logs.length < job.maxLogLines) logs.push(level + ': ' + String(line).slice(0, job.maxLogLineLength));
    }, { sync: true }));
    await context.eval(job.consoleSource);
    let script;
    try {
      script = await isolate.compileScript(job.source, { filename: 'function.js', lineOffset: -1 });
    } catch (error) {
      return reply({ kind: 'syntax', message: String(error && error.message) });
    }
    const run = script.run(context, { timeout: job.timeoutMs, promise: true, copy: true });
    // The run's own timeout covers synchronous work; this one also ends code that awaits forever.
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(() => {
        isPastDeadline = true;
        isolate.dispose();
        reject(new Error('deadline'));
      }, job.timeoutMs + 50);
    });
    const json = await Promise.race([run, deadline]);
    if (typeof json === 'string' && Buffer.byteLength(json) > job.maxResultBytes) return reply({ kind: 'tooLarge', logs });
    reply({ kind: 'ok', json, logs });
  } catch (error) {
    const message = String((error && error.message) || error);
    if (isPastDeadline || message === 'Script execution timed out.') return reply({ kind: 'timeout', logs });
    if (isolate.isDisposed && /memory limit/i.test(message)) return reply({ kind: 'memory', logs });
    reply({
      kind: 'thrown',
      isError: error instanceof Error,
      name: error && error.name,
      message,
      stack: String((error && error.stack) || ''),
      logs,
    });
  } finally {
    clearTimeout(timer);
    if (!isolate.isDisposed) isolate.dispose();
  }
});
`;
