import { ARCHIVE_USAGE, exportCommand, importCommand } from './cli/archive-commands';
import { backupCommand, backupsCommand, BACKUP_USAGE, restoreCommand } from './cli/backup-commands';
import { keysCommand, KEYS_USAGE } from './cli/keys-command';
import { encryptCommand, ENCRYPT_USAGE } from './cli/encrypt-command';
import { processIo, RefusedError, UsageError, type Io } from './cli/io';
import { rekeyCommand, REKEY_USAGE } from './cli/rekey-command';
import { serveCommand, SERVE_USAGE } from './cli/serve-command';
import { webCommand, WEB_USAGE } from './cli/web-command';
import { SERVICE_VERSION } from './service/version';

const USAGE = `Engage Desk ${SERVICE_VERSION}: a local Healthcare Engagement Service

${SERVE_USAGE}

${KEYS_USAGE}

${WEB_USAGE}

${ENCRYPT_USAGE}

${REKEY_USAGE}

${BACKUP_USAGE}

${ARCHIVE_USAGE}`;

/** `engage-desk serve | keys | web | encrypt | rekey | backup | backups | restore | export | import …`: the command-line adapter around the service. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
      case 'web': {
        // Signals are handled from the first moment: a supervisor may stop the server as soon as
        // it reads the ready line, before the start has fully returned here.
        const starting: Promise<{ close(): Promise<void> }> =
          command === 'serve' ? serveCommand(rest, io) : webCommand(rest, io);
        let stopping = false;
        const stop = (signal: string) => {
          if (stopping) process.exit(1); // a second Ctrl+C does not wait
          stopping = true;
          io.err(`${signal}: finishing in-flight requests and closing the database…`);
          starting
            .then((service) => service.close())
            .then(
              () => process.exit(0),
              (error: unknown) => {
                io.err(`Shutdown failed: ${(error as Error).message}`);
                process.exit(1);
              },
            );
        };
        process.on('SIGINT', () => stop('SIGINT'));
        process.on('SIGTERM', () => stop('SIGTERM'));
        await starting;
        return -1; // keep running
      }
      case 'keys':
        await keysCommand(rest, io);
        return 0;
      case 'encrypt':
        await encryptCommand(rest, io);
        return 0;
      case 'rekey':
        await rekeyCommand(rest, io);
        return 0;
      case 'backup':
        await backupCommand(rest, io);
        return 0;
      case 'backups':
        await backupsCommand(rest, io);
        return 0;
      case 'restore':
        await restoreCommand(rest, io);
        return 0;
      case 'export':
        await exportCommand(rest, io);
        return 0;
      case 'import':
        await importCommand(rest, io);
        return 0;
      case '--version':
      case 'version':
        io.out(SERVICE_VERSION);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
      default:
        throw new UsageError(`Unknown command '${command}'.\n\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof RefusedError) {
      io.err(`engage-desk: ${error.message}`);
      return 1;
    }
    const usage =
      error instanceof UsageError ||
      (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
    io.err(
      usage
        ? `engage-desk: ${(error as Error).message}`
        : `engage-desk: ${(error as Error).stack ?? String(error)}`,
    );
    return usage ? 2 : 1;
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
