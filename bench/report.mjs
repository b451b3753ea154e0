// The printed summary of a run, as Markdown tables that can go straight into docs/benchmarks.md.
const n = (x) => (x === null || x === undefined ? '–' : x.toLocaleString('en'));
const pct = (ratio) => `${(ratio * 100).toFixed(1)}%`;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

function table(header, align, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(align), ...rows.map(line)].join('\n');
}

export function printReport(r) {
  const m = r.machine;
  console.log(
    `\n${r.date.slice(0, 10)}: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.os}; Node ${m.node}, SQLite ${m.sqlite} (better-sqlite3-multiple-ciphers ${m.betterSqlite3}), Fastify ${m.fastify}, json-server ${m.jsonServer}, autocannon ${m.autocannon}`,
  );
  console.log(
    `${n(r.patients)} patients, ${r.connections} connections, ${r.seconds} s per run after ${r.warmUpSeconds} s of warm-up; load average ${r.loadAverage.atStart.join(' ')} at the start, ${r.loadAverage.atEnd.join(' ')} at the end\n`,
  );
  const rows = [...Object.values(r.http), r.peer].map((s) => [
    s.title,
    kb(s.bodyBytes),
    n(s.reqPerSec),
    s.p50,
    s.p99,
    n(s.peakRssMiB),
    n(s.bare.reqPerSec),
    `${s.bare.p50} / ${s.bare.p99}`,
    n(s.bare.peakRssMiB),
    `**${pct(s.ratioToBare)}**`,
    s.errors,
  ]);
  console.log(
    table(
      [
        'scenario',
        'body',
        'req/s',
        'p50 ms',
        'p99 ms',
        'peak RSS MiB',
        'bare req/s',
        'bare p50 / p99 ms',
        'bare RSS MiB',
        'vs bare',
        'errors',
      ],
      ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'],
      rows,
    ),
  );
  console.log(
    `\nThe service's GET /patients?limit=20 against json-server on the same 20 patients: ${r.peer.serviceToPeer}× its throughput.`,
  );
  const s = r.startup;
  console.log(
    `Cold start of serve on this database, spawn to the --json line: median ${n(s.coldStart.medianMs)} ms over ${s.coldStart.runs} runs (${n(s.coldStart.minMs)}–${n(s.coldStart.maxMs)} ms). Idle RSS after ${s.idleSeconds} s: ${n(s.idleRssMiB)} MiB (a bare node:http server: ${n(s.bareIdleRssMiB)} MiB).`,
  );
  const e = r.encrypted;
  console.log(
    `\nEncrypted at rest (SQLCipher 4 pages; the same clinic encrypted by engage-desk encrypt in ${e.encryptSeconds} s), against the plain server of this run:\n`,
  );
  console.log(
    table(
      ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'plain req/s', 'plain p50 / p99 ms', 'vs plain'],
      ['---', '---:', '---:', '---:', '---:', '---:', '---:'],
      Object.values(e.scenarios).map((s) => [
        s.title,
        n(s.reqPerSec),
        s.p50,
        s.p99,
        n(s.plain.reqPerSec),
        `${s.plain.p50} / ${s.plain.p99}`,
        `**${pct(s.ratioToPlain)}**`,
      ]),
    ),
  );
  const b = e.backup;
  console.log(
    `\nBackup of the encrypted clinic (${b.databaseMiB} MiB): engage-desk backup ${b.backupSeconds} s (a ${b.backupMiB} MiB verified copy), engage-desk restore ${b.restoreSeconds} s; copying the database file with the OS took ${b.fileCopySeconds} s in the same run (backup ${b.backupToCopy}×, restore ${b.restoreToCopy}× that).`,
  );
  const a = r.audit;
  console.log(
    `The audit trail on GET /patients/{id}, ${n(a.reads)} reads one at a time alternating between two servers: mean ${a.withAuditTrail.meanMs} ms with it, ${a.withoutAuditTrail.meanMs} ms without (${a.overheadPercent}%); p50 ${a.withAuditTrail.p50Ms} / ${a.withoutAuditTrail.p50Ms} ms, p99 ${a.withAuditTrail.p99Ms} / ${a.withoutAuditTrail.p99Ms} ms; ${n(a.eventsRecorded)} events recorded.`,
  );
  const d = r.deliveries;
  console.log(
    `\n${n(d.schedules)} form schedules due at one moment, delivered by one POST /sandbox/clock/advance: ${d.advanceSeconds} s, ${n(d.deliveriesPerSecond)} deliveries/s (${pct(d.ratioToBaseline)} of ${n(d.baselineRowsPerSecond)} plain ${d.rowBytes}-byte SQLite rows/s in the same run; schedules created at ${n(d.createPerSecond)}/s)`,
  );
  for (const w of r.webhooks.runs) {
    console.log(
      `${n(w.deliveries)} signed webhook deliveries to ${w.webhooks} webhook${w.webhooks > 1 ? 's' : ''}: ${n(w.deliveriesPerSecond)}/s (${pct(w.ratioToBaseline)} of ${n(w.baselinePerSecond)} bare undici POSTs/s with the same parallelism)`,
    );
  }
  printSpending(r.spending);
  if (r.postgres) printPostgres(r);
  if (r.large) printLarge(r);
  const t = r.triage;
  console.log(
    `\nTriage of ${n(t.messages)} labelled patient messages × ${t.rounds} rounds: p50 ${t.triage.p50Ms} ms, p99 ${t.triage.p99Ms} ms, max ${t.triage.maxMs} ms per message (target p99 < ${t.target.p99Ms} ms: ${t.target.met ? 'met' : 'NOT met'}); ${t.triage.meanToBaseline}× the mean of folding the same text (${t.baseline.meanMs} ms). The built-in assistant's whole reply: p50 ${t.reply.p50Ms} ms, p99 ${t.reply.p99Ms} ms.`,
  );
}

function printSpending(sp) {
  console.log(
    `${n(sp.attempts)} form schedules wanted at once (${sp.inFlight} in flight, ${sp.instances} instance${sp.instances > 1 ? 's' : ''}) on ${sp.engine}, the account holding half of them: ${n(sp.created)} created, ${n(sp.refusedInsufficient)} refused (402), ${n(sp.perSecond)} requests/s; ${n(sp.retries)} transactions run again (${sp.retryRate} a request, ${n(sp.deadlocks)} deadlocks); the books exact.`,
  );
}

/** The PostgreSQL half beside the SQLite one: the same scenarios, each as a share of its bare server. */
function printPostgres(r) {
  const p = r.postgres;
  console.log(
    `\nPostgreSQL ${p.server}: the same ${n(r.patients)} patients (filled in ${Math.round(p.fillSeconds)} s), the same scenarios:\n`,
  );
  console.log(
    table(
      [
        'scenario',
        'SQLite req/s',
        'p50 / p99 ms',
        'vs bare',
        'PostgreSQL req/s',
        'p50 / p99 ms',
        'vs bare',
        'errors',
      ],
      ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:'],
      Object.entries(p.http).map(([key, s]) => {
        const q = r.http[key];
        return [
          s.title,
          n(q?.reqPerSec),
          q ? `${q.p50} / ${q.p99}` : '–',
          q ? pct(q.ratioToBare) : '–',
          n(s.reqPerSec),
          `${s.p50} / ${s.p99}`,
          `**${pct(s.ratioToBare)}**`,
          s.errors,
        ];
      }),
    ),
  );
  const d = p.deliveries;
  console.log(
    `\nPostgreSQL: ${n(d.schedules)} deliveries due at once in ${d.advanceSeconds} s, ${n(d.deliveriesPerSecond)}/s (${pct(d.ratioToBaseline)} of ${n(d.baselineRowsPerSecond)} plain rows/s, an INSERT round trip each, on the same server; SQLite: ${n(r.deliveries.deliveriesPerSecond)}/s)`,
  );
  for (const w of p.webhooks.runs) {
    const sqlite = r.webhooks.runs.find((x) => x.webhooks === w.webhooks);
    console.log(
      `PostgreSQL: ${n(w.deliveries)} webhook deliveries to ${w.webhooks} webhook${w.webhooks > 1 ? 's' : ''}: ${n(w.deliveriesPerSecond)}/s (${pct(w.ratioToBaseline)} of bare POSTs; SQLite: ${n(sqlite?.deliveriesPerSecond)}/s)`,
    );
  }
  printSpending(p.spending);
}

function printLarge(r) {
  for (const [engine, http] of Object.entries(r.large)) {
    console.log(`\n${engine}, ${n(r.largePatients)} patients:\n`);
    console.log(
      table(
        ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'errors'],
        ['---', '---:', '---:', '---:', '---:', '---:'],
        Object.values(http).map((s) => [
          s.title,
          n(s.reqPerSec),
          s.p50,
          s.p99,
          `**${pct(s.ratioToBare)}**`,
          s.errors,
        ]),
      ),
    );
  }
}
