import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type DatabaseHandle, openDatabase } from '#db/client.ts';
import { migrate } from '#db/migrate.ts';
import { type Config, loadConfig } from '../config.ts';

/** A refusal or a mistake the person at the terminal can fix: printed without a stack trace. */
export class CommandError extends Error {
  constructor(
    message: string,
    /** 2 for a wrong argument (with the usage), 1 for anything else refused. */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/** A wrong argument: the problem, then how to call the command. */
export function usageError(problem: string, usage: string): CommandError {
  return new CommandError(`${problem}\n\n${usage}`, 2);
}

type CommandOptions = Pick<ParseArgsConfig, 'options' | 'allowPositionals'>;

/**
 * Reads the command line strictly: `--help` (or `-h`) prints the usage and exits 0; an unknown
 * option, a missing value or a stray word prints the problem and the usage and exits 2. Nothing
 * else runs in either case, so asking a command for help can never change data.
 */
export function readCommandLine<const C extends CommandOptions>(
  usage: string,
  config: C,
  args = process.argv.slice(2),
): ReturnType<typeof parseArgs<C>> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs<C>({ ...config, args, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw error;
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

/**
 * Runs a command's body: a CommandError prints its message and sets its exit code; any other
 * failure prints one line (the message, not the stack) and exits 1.
 */
export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(error.message);
      process.exitCode = error.exitCode;
    } else {
      console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  }
}

/**
 * The shop's database for a command: DATABASE_URL, or the embedded one in DATA_DIR (with the shop
 * stopped: PGlite takes one process at a time), brought up to the latest migration. The caller
 * closes it.
 */
export async function openShopDatabase(): Promise<{ config: Config; database: DatabaseHandle }> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pglite'),
  });
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { config, database };
}
