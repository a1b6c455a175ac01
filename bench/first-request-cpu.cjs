// Preloaded (`node --require`) by the cold-start bench: writes to CPU_OUT the CPU time (user +
// system, ms) the process has used when its first HTTP request is created, as undici (Node's own
// or a bundled copy) announces it on the diagnostics channel. Wall times on a loaded machine are
// noise; this is the figure that holds. A CommonJS script, so that preloading it starts no ES
// module loader in the bare `node -e` baseline.
const dc = process.getBuiltinModule('node:diagnostics_channel');
const { writeFileSync } = process.getBuiltinModule('node:fs');

let seen = false;
dc.subscribe('undici:request:create', () => {
  if (seen) return;
  seen = true;
  const used = process.cpuUsage();
  writeFileSync(process.env.CPU_OUT, String((used.user + used.system) / 1000));
});
