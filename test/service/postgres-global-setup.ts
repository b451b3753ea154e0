import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPgStore } from '../../src-main/service/store/pg-store';

/**
 * Once per run of the `service-postgres` project: a database migrated to the latest version,
 * which every core of the run clones (CREATE DATABASE … TEMPLATE, far quicker than migrating
 * each), dropped at the end.
 */
export default async function setup(project: TestProject) {
  const admin = process.env.ENGAGE_DESK_TEST_POSTGRES_URL;
  if (!admin) throw new Error('the service-postgres project needs ENGAGE_DESK_TEST_POSTGRES_URL');
  const template = `engage_template_${randomBytes(6).toString('hex')}`;
  await query(admin, `CREATE DATABASE ${template}`);
  const url = new URL(admin);
  url.pathname = `/${template}`;
  const { db } = await openPgStore(url.toString());
  // A template must have no connection open while it is cloned.
  await db.close();
  project.provide('postgresAdminUrl', admin);
  project.provide('postgresTemplate', template);
  return async () => {
    await query(admin, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}

async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
