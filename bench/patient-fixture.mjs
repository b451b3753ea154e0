// Fills a data directory's database with N synthetic patients for load tests. Rows go straight
// into the patients table in one transaction; the table's triggers keep the search index and the
// per-status counts exactly as the service's own writes do.
import Database from 'better-sqlite3';
import { monotonicFactory } from 'ulidx';
import { join } from 'node:path';

const FIRST = [
  'María',
  'Núria',
  'Jordi',
  'José',
  'Laia',
  'Àlex',
  'Iñaki',
  'Begoña',
  'Pau',
  'Mercè',
  'Joan',
  'Lucía',
  'Oriol',
  'Sílvia',
  'Ramón',
  'Clàudia',
  'Xavier',
  'Inés',
  'Ferran',
  'Roser',
];
const LAST = [
  'García',
  'Martínez',
  'López',
  'Puig',
  'Soler',
  'Vila',
  'Ferrer',
  'Núñez',
  'Ibáñez',
  'Casals',
  'Roig',
  'Bosch',
  'Serra',
  'Font',
  'Pujol',
  'Riera',
  'Güell',
  'Fàbregas',
  'Muñoz',
  'Peña',
  'Castells',
  'Vidal',
  'Sala',
  'Coll',
  'Prat',
  'Camps',
  'Mas',
  'Roca',
  'Bonet',
  'Comas',
];
const TAGS = [
  'post-op',
  'diabetes',
  'hypertension',
  'cardiology',
  'asthma',
  'copd',
  'pregnancy',
  'physiotherapy',
];

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fillPatients(dataDir, count, nowMs = Date.now()) {
  const db = new Database(join(dataDir, 'engage-desk.db'));
  const rnd = prng(100000);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const ulid = monotonicFactory(rnd);
  const insert = db.prepare(
    `INSERT INTO patients (id, first_name, last_name, email, phone, date_of_birth, status, tags, metadata, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = nowMs - 3 * 365 * 86_400_000;
  const step = (nowMs - 60_000 - start) / count;
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const t = Math.floor(start + i * step);
      const first = pick(FIRST);
      const last = `${pick(LAST)} ${pick(LAST)}`;
      const ascii = (s) =>
        s
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase()
          .replace(/[^a-z]/g, '');
      const created = new Date(t).toISOString();
      insert.run(
        `pat_${ulid(t)}`,
        first,
        last,
        `${ascii(first)}.${ascii(last)}${i}@example.com`,
        `+346${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`,
        `19${40 + Math.floor(rnd() * 60)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`,
        rnd() < 0.08 ? 'inactive' : 'active',
        JSON.stringify([pick(TAGS)]),
        JSON.stringify({ mrn: `HC-${100000 + i}`, preferredLanguage: rnd() < 0.5 ? 'es' : 'ca' }),
        created,
        created,
      );
    }
  })();
  db.pragma('optimize');
  db.close();
}
