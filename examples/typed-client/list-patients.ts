// An Engage Desk client with nothing but fetch, typed by the types openapi-typescript generates
// from the service's OpenAPI document (engage-api.d.ts, beside this file): it lists every
// patient, page after page, and prints one line each.
//
// Run it against a running service (`engage-desk serve` prints the URL and a key); Node 22.18 or
// later runs TypeScript as it is:
//   ENGAGE_API_URL=http://127.0.0.1:4010/api/v1 ENGAGE_API_KEY=sk_… \
//     node examples/typed-client/list-patients.ts [search]
// In your own project, generate the types from a running service:
//   npx openapi-typescript http://127.0.0.1:4010/api/v1/openapi.json -o engage-api.d.ts
// In this repository the file is checked against the served document, and rewritten, by
// test/service/openapi-typed-client.test.ts (npx vitest run -u <that file>).
import { fileURLToPath } from 'node:url';
import type { components, paths } from './engage-api';

export type Patient = components['schemas']['Patient'];
export type Problem = components['schemas']['Problem'];
type ListPatients = paths['/patients']['get'];
export type PatientPage = ListPatients['responses'][200]['content']['application/json'];
export type PatientQuery = NonNullable<ListPatients['parameters']['query']>;

/** A refusal from the service: its status and RFC 9457 problem document (switch on `code`). */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  constructor(status: number, problem: Problem) {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.status = status;
    this.problem = problem;
  }
}

/** One page of GET /patients. */
export async function listPatients(
  baseUrl: string,
  apiKey: string,
  query: PatientQuery = {},
): Promise<PatientPage> {
  const url = new URL(`${baseUrl}/patients`);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const response = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
  if (!response.ok) throw new ApiError(response.status, (await response.json()) as Problem);
  return (await response.json()) as PatientPage;
}

/** Every patient matching `query`, newest first, following the cursors. */
export async function* allPatients(
  baseUrl: string,
  apiKey: string,
  query: Omit<PatientQuery, 'cursor'> = {},
): AsyncGenerator<Patient> {
  let cursor = '';
  do {
    const page = await listPatients(baseUrl, apiKey, { ...query, limit: 100, cursor });
    yield* page.data;
    cursor = page.pagination.hasMore ? page.pagination.cursor : '';
  } while (cursor);
}

export function describePatient(patient: Patient): string {
  const reach = [patient.email, patient.phone].filter(Boolean).join(', ');
  return `${patient.id}  ${patient.firstName} ${patient.lastName}  ${patient.status}${reach ? `  ${reach}` : ''}`;
}

async function main(): Promise<void> {
  const baseUrl = process.env.ENGAGE_API_URL ?? 'http://127.0.0.1:4010/api/v1';
  const apiKey = process.env.ENGAGE_API_KEY;
  if (!apiKey) throw new Error('Set ENGAGE_API_KEY to an API key (sk_…) or an access token.');
  const search = process.argv[2];
  let count = 0;
  for await (const patient of allPatients(baseUrl, apiKey, search ? { search } : {})) {
    console.log(describePatient(patient));
    count += 1;
  }
  console.log(`${count} patient${count === 1 ? '' : 's'}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
