// Preloaded by bench/start-time.mjs (`node -r`): writes the process's CPU time (user + system, in
// microseconds, every thread) to stderr as it exits, a figure other processes' load hardly moves.
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`\ncpu-us ${user + system}\n`);
});
