/**
 * English triage corpus: single chat messages patients (or relatives writing for them) send to the
 * clinic assistant, written the way people really type (British and American spellings, SMS style,
 * typos), each labelled with what a triage nurse would do (see corpus-types.ts). Written without
 * looking at the triage code.
 */
import type { CorpusCase } from './corpus-types';

export const CORPUS_EN: readonly CorpusCase[] = [
  // ── Emergency: chest pain ─────────────────────────────────────────────────────────────────────
  {
    text: "feels like someone's standing on my chest and i can't shift it",
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'crushing pain in my chest going down my left arm',
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: "my dad says his chest is tight and his jaw aches, he's gone all clammy",
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  { text: 'CHEST PAIN REALLY BAD', lang: 'en', expect: 'emergency', sign: 'chest_pain' },
  {
    text: "Hi, sorry to bother you on a Sunday. I did a bit of gardening this morning and since lunchtime there's been this heavy squeezing feeling in the middle of my chest that goes through to my back. Had a sit down and a cup of tea but it hasn't eased. My appointment is on Tuesday anyway so maybe I'll just wait?",
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'The patient proposes to wait; the squeezing chest pain radiating to the back is still an emergency.',
  },
  { text: "think i'm having a heart attack", lang: 'en', expect: 'emergency', sign: 'chest_pain' },
  {
    text: 'chest pressure 9/10 and i feel sick',
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
    pain: 9,
  },
  {
    text: 'theres a tight band round my chest and my left arm feels heavy n tingly',
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },

  // ── Emergency: breathing difficulty ──────────────────────────────────────────────────────────
  { text: "can't breathe", lang: 'en', expect: 'emergency', sign: 'breathing_difficulty' },
  {
    text: "i'm so out of breath i can't finish a sentence",
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "my husband's lips are blue",
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "feel like i'm suffocating, can't get any air in",
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'mum is gasping for air and her fingertips look purple',
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "struggling to breathe even sitting still and it's getting worse",
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'cnt catch my breath at all, chest going in and out rly fast',
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'Dear Sir/Madam, my wife Margaret is very breathless this evening, she cannot say more than two or three words without stopping. Please advise.',
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },

  // ── Emergency: suicidal thoughts or self-harm ────────────────────────────────────────────────
  {
    text: "i don't want to be alive anymore",
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'everyone would be better off without me',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "honestly it would be best if i just didn't wake up tomorrow",
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "i've been saving up my tablets and i'm going to take the lot tonight",
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'cut myself again tonight, deeper this time',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'whats the point anymore tbh, been thinking about ending it',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'if i took all my oxycodone at once would that be enough',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
    note: 'Asked as a question, but it is an overdose plan.',
  },
  {
    text: "I know this isn't what this chat is for but since the surgery I can't work, my partner left, and I've been looking up ways to end it. I haven't told anyone.",
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },

  // ── Emergency: heavy bleeding ────────────────────────────────────────────────────────────────
  {
    text: "the wound won't stop bleeding, i've soaked through 3 dressings",
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'i threw up blood, quite a lot of it',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'my poo is black like tar and theres loads of it, feel dizzy',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  { text: 'BLEEDING WONT STOP', lang: 'en', expect: 'emergency', sign: 'heavy_bleeding' },
  {
    text: "period is soaking a pad every 20 mins and i'm passing huge clots",
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: "nosebleed for over an hour now, i'm on warfarin and it just won't stop",
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'grandad is coughing up blood, a lot of it',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'blood is pouring out from under the bandage, two towels soaked already',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },

  // ── Emergency: stroke ────────────────────────────────────────────────────────────────────────
  { text: 'one side of my face has dropped', lang: 'en', expect: 'emergency', sign: 'stroke' },
  {
    text: "Grandma's face looks lopsided and she can't hold her cup",
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "my mum can't lift her right arm and her speech is slurred",
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'suddenly lost the sight in my left eye',
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "dad's talking funny and his mouth is drooping on one side",
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'woke up and cant move my right side properly, words coming out all wrong',
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "my wife is confused and can't get her words out, started 20 mins ago",
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },

  // ── Emergency: unconsciousness ───────────────────────────────────────────────────────────────
  {
    text: "my dad passed out and won't wake up",
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'my wife is on the floor and not responding',
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'i fainted in the shower just now',
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
    note: 'A loss of consciousness counts even when the patient has come round.',
  },
  {
    text: "my flatmate's collapsed in the hallway and i can't wake him",
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: "nan isn't answering me, i'm shaking her and nothing",
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'blacked out twice this morning',
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },

  // ── Emergency: anaphylaxis ───────────────────────────────────────────────────────────────────
  {
    text: 'my tongue is swelling up after the antibiotic',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'got stung by a wasp and my throat feels like its closing',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: "ate a satay at the market and now my throat's swelling, epipen is back at the hotel",
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'hard to swallow and throat feels tight since i took the new tablet',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'face is blowing up after the injection they gave me and i can barely swallow',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: "my daughter's whole face has swollen up after ibuprofen",
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: "lips puffing up and i'm itchy all over",
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },

  // ── Emergency: seizure ───────────────────────────────────────────────────────────────────────
  {
    text: 'my partner is having a fit on the kitchen floor, been going 3 minutes',
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'mum is shaking all over and not responding',
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: "he's having convulsions and foaming at the mouth",
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: "my son went stiff and now he's jerking and won't look at me",
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  { text: "she's having a seizure", lang: 'en', expect: 'emergency', sign: 'seizure' },
  {
    text: 'shaking uncontrollably, eyes rolled back',
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },

  // ── Urgent: fever after surgery ──────────────────────────────────────────────────────────────
  {
    text: 'temp is 38.5 since the op',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.5,
  },
  {
    text: "had my gallbladder out 4 days ago and i've got a high fever",
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
  },
  {
    text: 'running 39.2',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 39.2,
  },
  {
    text: 'burning up, thermometer says 38.3',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 38.3,
  },
  {
    text: 'really high temperature and shivering',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
  },

  // ── Urgent: wound infection ──────────────────────────────────────────────────────────────────
  {
    text: 'the wound is red, hot and oozing pus',
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: "my scar smells bad and there's yellow stuff coming out",
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'the wound from my operation is opening up',
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'stitches are really swollen and red around them and it hurts to touch',
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: "wound's gone all angry looking and weepy, it's hot to touch",
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },

  // ── Urgent: severe pain ──────────────────────────────────────────────────────────────────────
  { text: 'knee pain is a 9', lang: 'en', expect: 'urgent', sign: 'severe_pain', pain: 9 },
  { text: "pain 10/10 can't take it", lang: 'en', expect: 'urgent', sign: 'severe_pain', pain: 10 },
  {
    text: "the pain is unbearable, haven't slept",
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  { text: 'BACK PAIN 8', lang: 'en', expect: 'urgent', sign: 'severe_pain', pain: 8 },
  {
    text: "worst pain i've ever had in my life",
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text: "hip's killing me, honestly an 8 out of 10 and the tablets aren't touching it",
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 8,
    note: '"Killing me" is meant literally here, with a score of 8.',
  },

  // ── Urgent: fall with injury ─────────────────────────────────────────────────────────────────
  {
    text: 'i fell over in the street and hit my head',
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: "mum fell and can't put any weight on her leg",
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'slipped on the wet tiles by the pool, wrist is really swollen and i cant bend it',
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'fell down the stairs and cut my forehead open',
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
  },

  // ── Urgent: urinary retention ────────────────────────────────────────────────────────────────
  { text: "can't pee since last night", lang: 'en', expect: 'urgent', sign: 'urinary_retention' },
  {
    text: "haven't passed urine for 13 hours",
    lang: 'en',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: 'need to wee but nothing comes out',
    lang: 'en',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: "dad hasn't peed all day and his tummy is swollen",
    lang: 'en',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: "Hello, it's Jim Baxter, had my hip done last week. Bit embarrassing but I haven't managed to pass water since breakfast and it's now 9pm, feel very full down below.",
    lang: 'en',
    expect: 'urgent',
    sign: 'urinary_retention',
  },

  // ── Ordinary: negations ──────────────────────────────────────────────────────────────────────
  { text: 'no chest pain, just tired', lang: 'en', expect: 'ordinary' },
  { text: 'no fever, wound looks fine, all good here', lang: 'en', expect: 'ordinary' },
  { text: 'not short of breath or anything, just a tickly cough', lang: 'en', expect: 'ordinary' },
  { text: 'temp was 36.7 this morning', lang: 'en', expect: 'ordinary', temperature: 36.7 },
  {
    text: "the wound isn't red or weeping, is it ok to shower now?",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "didn't faint or anything, just felt a bit woozy when I stood up too fast",
    lang: 'en',
    expect: 'ordinary',
    note: 'Faint explicitly denied; brief light-headedness on standing.',
  },

  // ── Ordinary: the same words in harmless use ─────────────────────────────────────────────────
  { text: "i'm dying to know my results lol", lang: 'en', expect: 'ordinary' },
  { text: 'this heat is killing me', lang: 'en', expect: 'ordinary' },
  { text: 'can I eat chicken breast after the op or only soup?', lang: 'en', expect: 'ordinary' },
  { text: 'when will my blood test results be back?', lang: 'en', expect: 'ordinary' },
  {
    text: 'blood pressure was 140/90 at the pharmacy, should i still take my tablet?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "dropped my phone down the loo, that's why i didn't reply",
    lang: 'en',
    expect: 'ordinary',
  },
  { text: "my hair's falling out since i started the new meds", lang: 'en', expect: 'ordinary' },
  { text: 'I could murder a cup of tea', lang: 'en', expect: 'ordinary' },
  {
    text: "i'm choking on all this paperwork haha, which form do you need?",
    lang: 'en',
    expect: 'ordinary',
    note: 'Figure of speech.',
  },
  { text: 'my heart skipped a beat when i saw the bill lol', lang: 'en', expect: 'ordinary' },
  {
    text: "I'm 38, can I have the test?",
    lang: 'en',
    expect: 'ordinary',
    note: '38 is an age, not a temperature.',
  },
  {
    text: 'the kids will be the death of me, can I book them in for flu jabs?',
    lang: 'en',
    expect: 'ordinary',
  },
  { text: 'fell asleep on the sofa and missed your call, sorry', lang: 'en', expect: 'ordinary' },
  { text: 'my phone died, can you resend the link?', lang: 'en', expect: 'ordinary' },

  // ── Ordinary: mild complaints ────────────────────────────────────────────────────────────────
  { text: 'my tummy hurts a little bit', lang: 'en', expect: 'ordinary' },
  { text: 'bit of a headache, nothing major', lang: 'en', expect: 'ordinary' },
  { text: '37.2, is that normal?', lang: 'en', expect: 'ordinary', temperature: 37.2 },
  { text: 'knee pain is about a 3', lang: 'en', expect: 'ordinary', pain: 3 },
  {
    text: "pain's at a 6 today, same as yesterday",
    lang: 'en',
    expect: 'ordinary',
    pain: 6,
    note: 'Moderate and stable.',
  },
  { text: "scar's a bit itchy", lang: 'en', expect: 'ordinary' },
  { text: 'knackered but ok', lang: 'en', expect: 'ordinary' },
  { text: 'bit of a runny nose since the flight over', lang: 'en', expect: 'ordinary' },
  {
    text: 'the little cut on my finger from cooking bled a bit but a plaster sorted it',
    lang: 'en',
    expect: 'ordinary',
    note: 'Bleeding that stopped.',
  },

  // ── Ordinary: history ────────────────────────────────────────────────────────────────────────
  { text: "I had a stroke in 2015 and I'm fine now", lang: 'en', expect: 'ordinary' },
  {
    text: 'had a heart attack 5 years ago, do I need to put that on the form?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'had fits as a baby with high temperatures, just mentioning it',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'my mum died of a heart attack at 60, should I get checked?',
    lang: 'en',
    expect: 'ordinary',
  },

  // ── Ordinary: hypothetical or informational questions ────────────────────────────────────────
  { text: 'what should i do if i get chest pain?', lang: 'en', expect: 'ordinary' },
  { text: 'what number do I call in an emergency?', lang: 'en', expect: 'ordinary' },
  {
    text: 'is it normal for the wound to bleed a tiny bit when I change the dressing?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'what are the signs of an infection I should look out for?',
    lang: 'en',
    expect: 'ordinary',
  },

  // ── Ordinary: appointments, medication, thanks, small talk ───────────────────────────────────
  { text: 'I need to change my Thursday appointment', lang: 'en', expect: 'ordinary' },
  { text: 'what time do you open tomorrow?', lang: 'en', expect: 'ordinary' },
  { text: 'do I take the omeprazole before or after breakfast?', lang: 'en', expect: 'ordinary' },
  { text: "forgot last night's tablet, should i take two today?", lang: 'en', expect: 'ordinary' },
  { text: 'thanks so much for everything!!', lang: 'en', expect: 'ordinary' },
  { text: 'okay cheers', lang: 'en', expect: 'ordinary' },
  { text: 'hiya', lang: 'en', expect: 'ordinary' },
  {
    text: 'Good afternoon, I am writing on behalf of my father, Mr Peter Hughes, to book an appointment with the orthopaedic surgeon. Many thanks.',
    lang: 'en',
    expect: 'ordinary',
  },
  { text: 'can you email me the report?', lang: 'en', expect: 'ordinary' },
  { text: 'lol ur bot is better than my GP back home', lang: 'en', expect: 'ordinary' },
];
