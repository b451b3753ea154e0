// The triage benchmark: every message of the labelled corpora (test/service/triage), triaged one
// at a time, many rounds, each call timed. The baseline, in the same run on the same messages, is
// the floor of any reading of them: folding the text (lower case, no accents), which every step
// of triage starts with. The target (issue 16): p99 under 2 ms per message, so the built-in
// assistant stays instant. Bundled by vite.bench.config.ts (out/bench/triage-bench.js), never
// into the shipped CLI, since it carries the corpora; prints one JSON line.
import {
  builtinReply,
  builtinWelcome,
} from '../src-main/service/assistant/builtin/builtin-assistant';
import { foldText } from '../src-main/service/triage/tokens';
import { triage } from '../src-main/service/triage/triage';
import { BLIND_CA } from '../test/service/triage/blind-ca';
import { BLIND_EN } from '../test/service/triage/blind-en';
import { BLIND_ES } from '../test/service/triage/blind-es';
import { CORPUS_CA } from '../test/service/triage/corpus-ca';
import { CORPUS_EN } from '../test/service/triage/corpus-en';
import { CORPUS_ES } from '../test/service/triage/corpus-es';
import { HOLDOUT_CA } from '../test/service/triage/holdout-ca';
import { HOLDOUT_EN } from '../test/service/triage/holdout-en';
import { HOLDOUT_ES } from '../test/service/triage/holdout-es';

const ROUNDS = Number(process.argv[2] ?? 20);
const messages = [
  ...CORPUS_ES,
  ...CORPUS_CA,
  ...CORPUS_EN,
  ...HOLDOUT_ES,
  ...HOLDOUT_CA,
  ...HOLDOUT_EN,
  ...BLIND_ES,
  ...BLIND_CA,
  ...BLIND_EN,
];

function timed(run: (text: string, lang: 'es' | 'ca' | 'en') => unknown) {
  // One warm-up round: the JIT and the stem caches, as in a running service.
  for (const m of messages) run(m.text, m.lang);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const m of messages) {
      const start = process.hrtime.bigint();
      run(m.text, m.lang);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  const round3 = (x: number) => Number(x.toFixed(3));
  return {
    calls: samples.length,
    meanMs: round3(mean),
    p50Ms: round3(at(0.5)),
    p99Ms: round3(at(0.99)),
    maxMs: round3(samples.at(-1)!),
  };
}

const setup = (language: 'es' | 'ca' | 'en') => ({
  key: 'conv_bench',
  firstName: 'Ana',
  context: 'Seguimiento postoperatorio',
  language,
  clinicName: 'Clínica',
});
const welcomes = {
  es: builtinWelcome(setup('es')),
  ca: builtinWelcome(setup('ca')),
  en: builtinWelcome(setup('en')),
};

const baseline = timed((text) => foldText(text));
const triaged = timed((text) => triage(text, { language: 'es' }));
const replies = timed((text, lang) =>
  builtinReply(
    setup(lang),
    [{ role: 'assistant', content: welcomes[lang].content, metadata: welcomes[lang].metadata }],
    text,
  ),
);
process.stdout.write(
  `${JSON.stringify({
    messages: messages.length,
    rounds: ROUNDS,
    baseline,
    triage: { ...triaged, meanToBaseline: Number((triaged.meanMs / baseline.meanMs).toFixed(1)) },
    reply: replies,
    target: { p99Ms: 2, met: triaged.p99Ms < 2 },
  })}\n`,
);
