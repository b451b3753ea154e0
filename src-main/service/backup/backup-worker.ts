import { parentPort, workerData } from 'node:worker_threads';
import { runBackupJob, type BackupJobRequest } from './backup-job';

// The worker thread's entry (its own bundle file beside cli.js and main's index.js): one job,
// handed in workerData, answered with one message. SQLite work here never blocks the service.
parentPort?.postMessage(runBackupJob(workerData as BackupJobRequest));
