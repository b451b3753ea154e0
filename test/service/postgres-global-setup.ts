import type { TestProject } from 'vitest/node';
import { openPgStore } from '../../src-main/service/store/pg-store';
import { adminQuery, createTestDatabase } from './postgres-test-db';

/**
 * Once per run of the `service-postgres` project: a database migrated to the latest version,
 * which every core of the run clones (CREATE DATABASE … TEMPLATE, far quicker than migrating
 * each), dropped at the end with every copy of it.
 */
export default async function setup(project: TestProject) {
  const admin = process.env.ENGAGE_DESK_TEST_POSTGRES_URL;
  if (!admin) throw new Error('the service-postgres project needs ENGAGE_DESK_TEST_POSTGRES_URL');
  const template = await createTestDatabase(admin);
  const { db } = await openPgStore(template.url);
  // A template must have no connection open while it is cloned.
  await db.close();
  project.provide('postgresAdminUrl', admin);
  const name = new URL(template.url).pathname.slice(1);
  project.provide('postgresTemplate', name);
  return async () => {
    // A core a suite never closed leaves its copy behind: every copy of this run's template goes.
    const copies = await adminQuery(
      admin,
      `SELECT datname FROM pg_database WHERE starts_with(datname, '${name}_')`,
    );
    for (const { datname } of copies)
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${String(datname)} WITH (FORCE)`);
    await template.drop();
  };
}
