// The HTTP scenarios of `npm run bench`, against `engage-desk serve` on the large database. Each
// returns an autocannon target (load.mjs) and the mean size of the response bodies it gets, which
// sizes the bare node:http server it is compared with. The write scenarios set up what they need
// over the API first (conversations) and send a fresh Idempotency-Key with every request, as an
// integrator's retrying client would, so the key's store is part of what is measured.

/** Conversations the message scenario rotates over: far more than requests in flight. */
const CONVERSATIONS = 1_000;
const PATIENT_POOL = 1_000;

function client(baseUrl, apiKey) {
  const origin = new URL(baseUrl).origin;
  return async function api(method, path, body) {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return { text, json: () => JSON.parse(text) };
  };
}

/** Mean body size over up to `sample` of the requests, fetched once before the run. */
async function meanBodyBytes(api, requests, sample = 24) {
  const step = Math.max(1, Math.floor(requests.length / sample));
  let bytes = 0;
  let n = 0;
  for (let i = 0; i < requests.length && n < sample; i += step, n++) {
    const r = requests[i];
    bytes += Buffer.byteLength((await api(r.method, r.path)).text);
  }
  return Math.round(bytes / n);
}

/** Name fragments, e-mail pieces and phone digits: 600 search terms, most matching many patients. */
function searchTerms() {
  const words = [
    ...['garcia', 'martinez', 'lopez', 'puig', 'soler', 'vila', 'ferrer', 'nunez', 'ibanez'],
    ...['casals', 'roig', 'bosch', 'serra', 'font', 'pujol', 'riera', 'guell', 'fabregas'],
    ...['munoz', 'pena', 'maria', 'nuria', 'jordi', 'jose', 'laia', 'alex', 'inaki', 'begona'],
    ...['merce', 'joan'],
  ];
  const terms = new Set();
  for (const w of words)
    for (let i = 0; i + 3 <= w.length; i++)
      for (let n = 3; i + n <= w.length && n <= 5; n++) terms.add(w.slice(i, i + n));
  for (let d = 100; terms.size < 600; d++) terms.add(`6${d}`);
  return [...terms].slice(0, 600);
}

const searchPath = (term) => `/api/v1/patients?limit=20&search=${encodeURIComponent(term)}`;

/**
 * What a coordinator types to find one patient: 600 of the clinic's patients (six pages of the
 * list), each looked up by full name, by phone number as it is read out (`612 34 56 78`), or by
 * e-mail, in turn. Each finds one patient or a handful (a full name may be shared).
 */
async function onePatientTerms(api) {
  const terms = [];
  let cursor = '';
  for (let page = 0; page < 6; page++) {
    const body = (
      await api('GET', `/api/v1/patients?limit=100${cursor ? `&cursor=${cursor}` : ''}`)
    ).json();
    for (const p of body.data) {
      const digits = (p.phone ?? '').replace(/\D/g, '').slice(-9);
      const way = terms.length % 3;
      if (way === 0 || !(p.phone || p.email)) terms.push(`${p.firstName} ${p.lastName}`);
      else if (way === 1 && digits)
        terms.push(
          `${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`,
        );
      else terms.push(p.email ?? `${p.firstName} ${p.lastName}`);
    }
    cursor = encodeURIComponent(body.pagination.cursor);
    if (!body.pagination.hasMore) break;
  }
  return terms;
}

async function activePatientIds(api, count) {
  const ids = [];
  let cursor;
  while (ids.length < count) {
    const query = `limit=100&status=active${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await api('GET', `/api/v1/patients?${query}`)).json();
    ids.push(...page.data.map((p) => p.id));
    if (!page.pagination.hasMore) break;
    cursor = page.pagination.cursor;
  }
  return ids.slice(0, count);
}

/**
 * A request list of one entry whose body and Idempotency-Key (none without `label`) change on
 * every request. The
 * counter is shared by all connections, so concurrent requests go to different conversations
 * (two messages racing in one conversation would be retried or refused with 409).
 */
function rotatingPost(path, bodyAt, label) {
  let n = 0;
  return [
    {
      method: 'POST',
      path,
      setupRequest(req) {
        const i = n++;
        const body = bodyAt(i);
        return {
          ...req,
          path: body.path ?? path,
          headers: {
            ...req.headers,
            'content-type': 'application/json',
            ...(label ? { 'idempotency-key': `bench-${label}-${i}` } : {}),
          },
          body: JSON.stringify(body.body),
        };
      },
    },
  ];
}

function schedulesScenario(api, auth, baseUrl, key, title, label) {
  return {
    key,
    title,
    async setup() {
      const forms = (await api('GET', '/api/v1/clinical-forms?limit=1')).json();
      const formId = forms.data[0]?.id;
      if (!formId) throw new Error('the benchmark database has no clinical form');
      const patients = await activePatientIds(api, PATIENT_POOL);
      // A week ahead: the request itself is measured, not the delivery job it schedules.
      const scheduledAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const bodyAt = (i) => ({
        body: {
          formId,
          patientId: patients[i % patients.length],
          channel: i % 2 ? 'email' : 'whatsapp',
          scheduledAt,
          message: 'Por favor, responda antes de su próxima visita.',
        },
      });
      const { text } = await api('POST', '/api/v1/form-schedules', bodyAt(0).body);
      return {
        target: {
          url: baseUrl,
          headers: auth,
          requests: rotatingPost('/api/v1/form-schedules', bodyAt, label),
        },
        bodyBytes: Buffer.byteLength(text),
      };
    },
  };
}

/** Every scenario, in the order they run; `setup` runs just before a scenario is measured. */
export function httpScenarios({ baseUrl, apiKey }) {
  const api = client(baseUrl, apiKey);
  const auth = { authorization: `Bearer ${apiKey}` };
  const listVariants = [];
  for (const status of ['', '&status=active', '&status=inactive'])
    for (let limit = 1; limit <= 100; limit++)
      listVariants.push({ method: 'GET', path: `/api/v1/patients?limit=${limit}${status}` });
  const fewTerms = ['garcia', 'núria', 'puig soler', 'ferrer', '612 34', 'ibanez'];
  const searchFew = [...fewTerms, 'jordi.casals', 'maria'].map((t) => ({
    method: 'GET',
    path: searchPath(t),
  }));
  const searchMany = searchTerms().map((t) => ({ method: 'GET', path: searchPath(t) }));
  // The coordinator's filter bar: each order beside tags, ages and answers, 400 distinct pages
  // (more than the read caches hold), first pages of 81 to 100 rows as the window asks.
  const sortedFiltered = [];
  const orders = ['sort=name', 'sort=name&direction=desc', 'sort=dateOfBirth', 'sort=created'];
  const narrowing = [
    '',
    '&tag=diabetes',
    '&minAge=65',
    '&maxAge=30&status=active',
    '&notRespondedWithinDays=30',
  ];
  for (let limit = 81; limit <= 100; limit++)
    for (const order of orders)
      for (const filter of narrowing)
        sortedFiltered.push({
          method: 'GET',
          path: `/api/v1/patients?limit=${limit}&${order}${filter}`,
        });

  return [
    {
      key: 'list',
      title: 'GET /patients?limit=20',
      async setup() {
        const { text } = await api('GET', '/api/v1/patients?limit=20');
        return {
          target: { url: `${baseUrl}/patients?limit=20`, headers: auth },
          bodyBytes: Buffer.byteLength(text),
        };
      },
    },
    {
      key: 'listUncached',
      title: 'GET /patients, 300 distinct pages (uncached)',
      // More distinct requests than the read caches hold, cycled: every one is computed afresh.
      async setup() {
        return {
          target: { url: baseUrl, headers: auth, requests: listVariants },
          bodyBytes: await meanBodyBytes(api, listVariants),
        };
      },
    },
    {
      key: 'search',
      title: 'GET /patients?search=… (8 terms)',
      async setup() {
        return {
          target: { url: baseUrl, headers: auth, requests: searchFew },
          bodyBytes: await meanBodyBytes(api, searchFew),
        };
      },
    },
    {
      key: 'searchUncached',
      title: 'GET /patients?search=…, 600 distinct terms (uncached)',
      async setup() {
        return {
          target: { url: baseUrl, headers: auth, requests: searchMany },
          bodyBytes: await meanBodyBytes(api, searchMany),
        };
      },
    },
    {
      key: 'searchOnePatient',
      title: 'GET /patients?search=…, 600 patients by name, phone or e-mail (uncached)',
      async setup() {
        const requests = (await onePatientTerms(api)).map((t) => ({
          method: 'GET',
          path: searchPath(t),
        }));
        return {
          target: { url: baseUrl, headers: auth, requests },
          bodyBytes: await meanBodyBytes(api, requests),
        };
      },
    },
    {
      key: 'sortedFiltered',
      title: 'GET /patients sorted and filtered, 400 distinct pages (uncached)',
      async setup() {
        return {
          target: { url: baseUrl, headers: auth, requests: sortedFiltered },
          bodyBytes: await meanBodyBytes(api, sortedFiltered),
        };
      },
    },
    {
      // Each read of one patient records an audit event (group commit); bench/audit-bench.ts
      // compares the same read with and without the trail, one request at a time.
      key: 'patientGet',
      title: 'GET /patients/{id}, 1,000 patients (audited)',
      async setup() {
        const ids = await activePatientIds(api, PATIENT_POOL);
        const requests = ids.map((id) => ({ method: 'GET', path: `/api/v1/patients/${id}` }));
        return {
          target: { url: baseUrl, headers: auth, requests },
          bodyBytes: await meanBodyBytes(api, requests),
        };
      },
    },
    {
      key: 'messages',
      title: 'POST /conversations/{id}/messages',
      async setup() {
        const patients = await activePatientIds(api, CONVERSATIONS);
        const conversations = [];
        for (const patientId of patients) {
          const conversation = (
            await api('POST', '/api/v1/conversations', {
              patientId,
              context: 'Seguimiento tras la consulta: preguntar por el dolor y la medicación.',
              language: 'es',
            })
          ).json();
          conversations.push(conversation.id);
        }
        const contents = [
          'Hoy me encuentro mejor, el dolor ha bajado.',
          'Me tomé la medicación a las ocho, ¿puedo tomar otra dosis?',
          'Sigo con algo de inflamación en la rodilla.',
        ];
        const bodyAt = (i) => ({
          path: `/api/v1/conversations/${conversations[i % conversations.length]}/messages`,
          body: { content: contents[i % contents.length] },
        });
        const sample = bodyAt(0);
        const { text } = await api('POST', sample.path, sample.body);
        return {
          target: {
            url: baseUrl,
            headers: auth,
            requests: rotatingPost(sample.path, bodyAt, 'msg'),
          },
          bodyBytes: Buffer.byteLength(text),
        };
      },
    },
    schedulesScenario(api, auth, baseUrl, 'schedules', 'POST /form-schedules', 'sch'),
    // The same without the key: the key's claim is a commit of its own, so this shows its cost.
    schedulesScenario(
      api,
      auth,
      baseUrl,
      'schedulesNoKey',
      'POST /form-schedules, no Idempotency-Key',
      null,
    ),
    {
      key: 'openapi',
      title: 'GET /openapi.json',
      async setup() {
        const { text } = await api('GET', '/api/v1/openapi.json');
        return { target: { url: `${baseUrl}/openapi.json` }, bodyBytes: Buffer.byteLength(text) };
      },
    },
  ];
}
