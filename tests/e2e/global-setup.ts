import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeIdealPostcodes } from '../fakes/ideal-postcodes-api.ts';
import { startServerProcess } from '../setup/server-process.ts';
import { E2E_OWNER } from './fixtures/staff-account.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's DATA_DIR: mail it sends without SMTP lands in its outbox/ folder. */
    dataDir: string;
  }
}

/**
 * Starts the built server once for the browser suite, on its own port and data directory, with
 * the local fake of the address service behind "Find address".
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
  const addressService = await startFakeIdealPostcodes();
  // The first owner of the back office, created at start as an operator would.
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: E2E_OWNER.email,
    ADMIN_PASSWORD: E2E_OWNER.password,
    ADMIN_NAME: E2E_OWNER.name,
    POSTCODE_LOOKUP_API_KEY: addressService.key,
    POSTCODE_LOOKUP_URL: addressService.url,
  });
  project.provide('baseURL', server.url);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    await addressService.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
