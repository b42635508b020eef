/**
 * What one test file's database costs: the same api test files run with each file migrating and
 * seeding its own database (`TEST_DATABASE_TEMPLATES=off`, as before) and copying the run's
 * template, taking turns so both meet the same load. Prints wall time and the CPU seconds of the
 * test processes for each run, and the machine's load average beside them.
 *
 *   npm run bench:tests                       # BENCH_TEST_ROUNDS=1, six light api files
 *   BENCH_TEST_FILES="tests/api/cart.test.ts" TEST_DATABASE_URL=postgres://… npm run bench:tests
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const ROUNDS = Number(process.env.BENCH_TEST_ROUNDS ?? 1);
const FILES = (
  process.env.BENCH_TEST_FILES ??
  'tests/api/sitemap.test.ts tests/api/megamenu.test.ts tests/api/addresses.test.ts ' +
    'tests/api/newsletter.test.ts tests/api/enquiries.test.ts tests/api/catalogue.test.ts'
).split(/\s+/);

/** CPU seconds of this process's finished children (user + system), from /proc. */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) sit at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function run(templates: 'off' | 'on') {
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...FILES], {
    env: { ...process.env, TEST_DATABASE_TEMPLATES: templates },
    encoding: 'utf8',
  });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`vitest failed:\n${result.stdout}\n${result.stderr}`);
  return { wall, cpu: childrenCpuSeconds() - cpuBefore, load: loadavg()[0]! };
}

console.log(
  `${FILES.length} api files, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
for (let round = 1; round <= ROUNDS; round++) {
  for (const templates of ['off', 'on'] as const) {
    const { wall, cpu, load } = run(templates);
    const label = templates === 'off' ? 'migrate + seed per file' : 'copy of the template';
    console.log(
      `round ${round}, ${label.padEnd(24)} ${wall.toFixed(1).padStart(6)} s wall, ` +
        `${cpu.toFixed(1).padStart(6)} s CPU, load ${load.toFixed(1)}`,
    );
  }
}
