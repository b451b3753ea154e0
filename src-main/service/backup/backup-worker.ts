import { parentPort, workerData } from 'node:worker_threads';
import { isArchiveJob, runArchiveJob, type ArchiveJobRequest } from './archive-job';
import { runBackupJob, type BackupJobRequest } from './backup-job';

// The worker thread's entry (its own bundle file beside cli.js and main's index.js): one job,
// handed in workerData, answered with one message. SQLite work here never blocks the service.
const request = workerData as BackupJobRequest | ArchiveJobRequest;
parentPort?.postMessage(isArchiveJob(request) ? runArchiveJob(request) : runBackupJob(request));
