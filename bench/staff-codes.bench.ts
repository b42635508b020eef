/**
 * How many wrong authenticator codes one address gets checked in a minute against a staff account
 * whose password it knows: it signs in with the password for a challenge, sends wrong codes as
 * fast as answers come back (8 at a time), and starts a new challenge whenever one runs out.
 * Counts the codes the server actually checked (401 "not valid"), not those it refused unchecked
 * (429 while the account is locked, or an expired challenge). In process, on embedded PGlite.
 *
 *   npm run bench:staff-codes              # STAFF_CODES_SECONDS=60
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#db/client.ts';
import { migrate } from '#db/migrate.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createFirstOwner } from '#server/services/staff/first-owner.ts';

const SECONDS = Number(process.env.STAFF_CODES_SECONDS ?? 60);
const PARALLEL = 8;
const OWNER = { email: 'owner@tessera.test', password: 'Portland-limestone-1' };
const CODE_INVALID = /not valid/;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-codes-'));
  const database = await openDatabase({});
  await migrate(database);
  await createFirstOwner(database.db, { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    database,
  });
  await app.ready();
  const post = async (url: string, payload: object) => {
    const answer = await app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.9' });
    return {
      status: answer.statusCode,
      body: answer.json() as { message?: string; challenge?: string },
    };
  };
  const counts = { checked: 0, locked: 0, other: 0, challenges: 0 };
  let challenge = '';
  const newChallenge = async () => {
    const answer = await post('/api/admin/auth/sign-in', OWNER);
    counts.challenges++;
    challenge = answer.body.challenge ?? '';
  };
  try {
    await newChallenge();
    const until = performance.now() + SECONDS * 1000;
    let guess = 0;
    const attacker = async () => {
      while (performance.now() < until) {
        const code = String(100000 + ((guess++ * 7919) % 900000));
        const answer = await post('/api/admin/auth/code', { challenge, code });
        if (answer.status === 401 && CODE_INVALID.test(answer.body.message ?? '')) {
          counts.checked++;
        } else if (answer.status === 429) counts.locked++;
        else {
          counts.other++;
          await newChallenge();
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, attacker));
    const perMinute = Math.round((counts.checked * 60) / SECONDS);
    console.log(
      `wrong codes checked: ${counts.checked} in ${SECONDS} s (${perMinute} a minute); ` +
        `refused unchecked while locked: ${counts.locked}; challenges used: ${counts.challenges}`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
