import type { CorpusCase } from './corpus-types';

/**
 * Blind evaluation corpus (English). Written without seeing the triage code, its lexicon or the
 * other corpora, to measure how the triage generalises to wording nobody has tuned it on.
 *
 * Three kinds of text, in this order: chat messages; answers to free-text questions in forms
 * (such as "¿Algo más que quiera contarnos?"); and turns of automated phone calls, transcribed as
 * spoken.
 * Ordinary texts are deliberately hard: denials, idioms, harmless uses of alarming words, mild or
 * resolved complaints, history, hypothetical questions and relatives who are fine.
 */
export const BLIND_EN: readonly CorpusCase[] = [
  // Chat messages
  {
    text:
      'Hi, just confirming Thursday at 10 still works for my bloods. Also, not sure if ' +
      "it's relevant, I've had a crushing pain in my chest since I woke up and my left " +
      "arm's tingling, but I'm sure it's nothing. See you Thursday x",
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'Buried after an appointment confirmation and played down.',
  },
  {
    text:
      'My husband has pain in the chest since half an hour, it goes to his jaw and his ' +
      'back, he is grey and sweating. He says it is only the paella',
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'Second-language English (Dutch resident).',
  },
  {
    text:
      'cant get a full breath, have to stop every few words, lips look a bit blue in the ' +
      'mirror. asthmatic, inhaler not touching it',
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      'my wee boy is breathing awful fast and you can see his ribs sucking in every time, ' +
      "he's making a grunting noise. he's 18 months, was just snuffly this morning",
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      "I've sorted the insurance papers and written letters to the kids. I don't plan on " +
      "being around after tonight. Just thought someone at the clinic should know, you've " +
      'always been kind to me.',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'honestly i just want to go to sleep and not wake up. ive been googling how many of ' +
      'my mums tablets it would take',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      "Slipped with the bread knife and it's gone deep into my palm, it's pumping out and " +
      "I've soaked through two tea towels already",
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text:
      "Had my baby 6 days ago and I'm bleeding really heavily, soaking a maternity pad " +
      'every half hour, clots the size of a fist and I feel faint',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text:
      "Mum's face has dropped on one side all of a sudden and her words are coming out " +
      'jumbled. She was fine at lunch twenty minutes ago',
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      'My wife cannot lift her right arm since ten minutes and she speaks very strange, ' +
      'like she is drunk, but she does not drink alcohol',
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
    note: 'Second-language English (German resident).',
  },
  {
    text:
      "my nan's collapsed in the garden and she's not responding at all, she's breathing " +
      "but I can't wake her up",
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text:
      "ate a satay thing at the market, I'm allergic to peanuts, throat feels like it's " +
      'closing and my lips have blown up. used my epipen, still bad',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
    note: 'Still symptomatic after adrenaline.',
  },
  {
    text:
      "Took my first dose of the new antibiotic 15 mins ago and now I'm covered in hives, " +
      "my tongue feels thick and I'm wheezy",
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      "my son is jerking all over on the floor, eyes rolled back, he won't stop, it's been " +
      "going about 5 minutes now, he's never had one before",
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text:
      "had my hip done last Thursday, tonight I'm 38.9 and shivering under the duvet, is " +
      'that normal?',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.9,
  },
  {
    text:
      'the wound from my gallbladder op has gone red and angry, the redness is spreading ' +
      "down my tummy and there's yellow gunk oozing out of one end",
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      'My scar from the knee operation smells bad and the skin around is hot and red, ' +
      'something like pus came out this morning',
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
    note: 'Second-language English.',
  },
  {
    text:
      "my back is agony, honestly a 10, I'm on all fours on the kitchen floor and the " +
      "co-codamol isn't touching it",
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 10,
  },
  {
    text:
      "Slipped on the wet tiles by the pool and landed on my wrist, it's swollen like a " +
      "balloon and bent a funny way. Didn't hit my head",
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      "Mum (84) had a tumble off the front step this morning, didn't bang her head, but " +
      "she can't put any weight on her right leg and it looks shorter than the other one",
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
    note: 'Cannot bear weight and the leg looks shortened after a fall: probable hip fracture.',
  },
  {
    text:
      "haven't managed a wee since yesterday teatime, bladder feels fit to burst and only " +
      'dribbles come out',
    lang: 'en',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text:
      'No chest pain or anything like that, just wanted to check you got my blood pressure ' +
      'readings: 128/82 this morning.',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      "I'm dying to get back on the golf course! When can I start swinging a club after " +
      'the op?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'Quick one - can I take ibuprofen with my blood thinners? Nothing wrong, just ' +
      'planning ahead for the hols',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'Had a bit of a dizzy spell getting out of the bath last night but sat down and was ' +
      'fine in seconds. Right as rain today.',
    lang: 'en',
    expect: 'ordinary',
    note: 'Brief dizziness, resolved, no loss of consciousness.',
  },
  {
    text:
      'My husband snores like a chainsaw and sometimes stops breathing for a few seconds ' +
      'in his sleep, then snorts and carries on. Can we get a referral for a sleep study?',
    lang: 'en',
    expect: 'ordinary',
    note: 'Suspected sleep apnoea: a routine referral, not acute breathing difficulty.',
  },
  {
    text:
      'EpiPen runs out next month, can I get a new prescription? No reactions for years, ' +
      'touch wood.',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'lol nearly died laughing at my mates video in the waiting room 😂 anyway can i move ' +
      'my appointment to friday',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      "Watched 24 Hours in A&E last night and there was a lad who'd had a stroke at 38. " +
      'Terrifying! Anyway, can I book my cholesterol check?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'Dad had a wobble on the stairs yesterday and sat down on his bum, not a mark on him ' +
      "and he's been up the allotment all morning. Could someone assess him for one of " +
      'those pendant alarms?',
    lang: 'en',
    expect: 'ordinary',
    note: 'A fall without injury.',
  },
  {
    text: "Temperature's back to normal now, 36.9 this morning. Wound looks good.",
    lang: 'en',
    expect: 'ordinary',
    postOp: true,
    temperature: 36.9,
  },
  {
    text:
      'Pain in my knee is about a 3 now, much better than last week. Should I keep going ' +
      'with the paracetamol?',
    lang: 'en',
    expect: 'ordinary',
    pain: 3,
  },
  {
    text:
      'This NIE paperwork is going to give me a heart attack. Do you need it for me to ' +
      'register or is my passport enough?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'my little one came home from school with a fat lip from a football, it bled a bit ' +
      "but stopped straight away and he's happily eating crisps. do we need to bring him " +
      'in?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      "There's a bruise round where the cannula was, going yellow-green now. Nothing else, " +
      'just mentioning it.',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "Could you send me a sick note for work? It's for the 3rd to the 10th.",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      "aye, mum's doing grand after the operation, she just wants to know if she can have " +
      'a wee dram at Christmas with her tablets',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      "I've had a bit of a chesty cough for a week, no temperature, breathing's fine, just " +
      'annoying at night. Worth a GP appointment?',
    lang: 'en',
    expect: 'ordinary',
  },
  // Free-text answers in forms
  {
    text:
      "Only that I've got a tight band round my chest right now that won't ease off, and I " +
      'feel sick and clammy. Had it since breakfast.',
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      "I'm writing this because I can't talk on the phone, too breathless. Woke up gasping " +
      "and it's getting worse, can't lie flat at all.",
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      "I keep thinking everyone would be better off without me, and today I've worked out " +
      "how I'd do it.",
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'Been bringing up fresh blood this afternoon, a good mugful, and I feel very ' +
      'lightheaded.',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
    note: 'Vomiting blood.',
  },
  {
    text:
      'About an hour ago I lost the left side of my vision in both eyes and my left hand ' +
      'went numb and clumsy. Still not right.',
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      "Filling this in for my husband: he's diabetic and since this morning I can't rouse " +
      "him properly, he groans but won't open his eyes or answer.",
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text:
      'Got stung by a wasp about ten minutes ago, face swelling up and I feel dizzy and ' +
      'short of breath. Had a bad reaction once before.',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'My father now on the floor with shaking arms and legs, he bite his tongue, he not ' +
      'answer me. It start few minutes ago.',
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
    note: 'Second-language English (Polish resident).',
  },
  {
    text:
      "Temp's been 38.2 since last night and I've got the shivers. Paracetamol isn't " +
      'bringing it down.',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 38.2,
    note: 'Post-operative follow-up form; the operation is not mentioned.',
  },
  {
    text:
      "Stitches on my hand have opened up a bit and there's a creamy discharge with a " +
      'nasty smell. Skin is hot to the touch.',
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: "Pain in my operated shoulder is 9/10 tonight. I've taken everything I'm allowed.",
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 9,
  },
  {
    text:
      "Since the catheter came out this morning I haven't passed any urine at all and my " +
      'lower tummy is swollen and sore.',
    lang: 'en',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text:
      'Had a heart attack in 2012, two stents. Doing well these days, walk the dog every ' +
      'morning.',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "I'm allergic to penicillin (rash as a child). Not sure it's on my record.",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      "I get short of breath and panicky before exams sometimes but it passes once I'm " +
      'out. Not happening now, just generally.',
    lang: 'en',
    expect: 'ordinary',
    note: 'Recurring exam anxiety, not happening now.',
  },
  {
    text: 'Would prefer afternoon appointments as I work mornings at the bar.',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      "My brother has epilepsy and I'm worried it runs in families, although I've never " +
      'had a seizure myself.',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'Temp was 37.7 last night, normal again this morning. Wound clean and dry.',
    lang: 'en',
    expect: 'ordinary',
    postOp: true,
    temperature: 37.7,
    note: 'Post-operative, but below 38 and already gone.',
  },
  {
    text: 'Nothing else, just fed up with the paperwork from the insurance company.',
    lang: 'en',
    expect: 'ordinary',
  },
  // Phone-call turns, transcribed
  {
    text:
      "yeah, um, so, it's my chest, it's like, it's like a heavy, heavy pressure, you " +
      "know, right in the middle, and it's going up into my neck, and I'm sweating a lot, " +
      "I'm not right",
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      "it's me mum, she's, um, she can't get her breath, she's sat on the edge of the bed, " +
      "like, gasping, you know, and she can't say more than two words",
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      "no, I'm, I'm not ok, really, um, I've got the pills, I've got them all out on the " +
      "table, you know, and I keep, I keep thinking I'll just take the lot",
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      "it's my dad, he's on warfarin, and he's, um, he's cut his leg on the strimmer, and " +
      "there's blood everywhere, it won't stop, we've been pressing for twenty minutes",
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text:
      "well, um, it's Geoff, my husband, he's, he's slurring, you know, like he's had a " +
      "skinful but he hasn't, and his arm, the left one, it's just flopping, it just came " +
      'on',
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      "hello, yes, he's, he just went down, my son, he just collapsed, he's on the floor, " +
      "he's not, he's not answering me, he's not waking up",
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text:
      'um, so, my daughter, there were nuts in the cake, and her face is all swollen, and ' +
      "she's coughing, she's wheezing, you know, and she's got a rash all over",
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      "she's fitting, she's having a fit, um, she's on the sofa and she's shaking all over " +
      "and her lips are going blue, it's been ages, it's been ages",
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text:
      "yeah, um, so since the op, it was Monday, I've had a, a high temperature, um, I " +
      "haven't got a thermometer, but I'm burning up, you know, and shaking",
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    note: 'A "high" temperature after an operation, without a number.',
  },
  {
    text:
      "honestly, the pain, um, it's the worst I've ever had, worse than having the kids, " +
      "you know, it's in my side, round the back, and it comes in waves, I can't sit still",
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
    note: 'Worst pain ever, colicky flank pain (probable renal colic).',
  },
  {
    text:
      "so I, um, I fell off the ladder, only a few rungs, you know, and my ankle, it's " +
      "massive now, it's gone purple, and I can't walk on it",
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      "it's my husband, he's, um, he's got the prostate trouble, and he can't go, he can't " +
      "pass water at all, since last night, and he's in a lot of discomfort",
    lang: 'en',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text:
      "um, no, no pain really, maybe a, a one, a one out of ten, you know, the wound's " +
      'lovely and dry',
    lang: 'en',
    expect: 'ordinary',
    pain: 1,
  },
  {
    text:
      "oh, I'm fine, love, me knees are killing me, but that's nothing new, that's just " +
      "getting old, isn't it, no, nothing to report really",
    lang: 'en',
    expect: 'ordinary',
    note: '"Killing me" about long-standing mild knee pain.',
  },
  {
    text:
      'yeah, um, I was wondering about the tablets, the water tablets, whether I take them ' +
      'in the morning or at night, because the other doctor said night',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      "no, mum's fine, she fell last month, but, um, she's up and about with her stick " +
      "now, she didn't hurt herself, honestly",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'um, I need, I need the report, the letter, for the insurance, could you email it ' + 'over?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'I saw on the news, um, about that meningitis thing at the university, and, you ' +
      "know, my daughter's there, she's fine, she's absolutely fine, but should she get " +
      'the jab?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'um, well, I felt a bit, a bit sick after the anaesthetic, you know, but that was ' +
      "yesterday, and today I've had toast and a cuppa and I'm fine",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'so, um, my husband, he had one of his, his funny turns, the epilepsy, last week, ' +
      "and, um, the neurologist said to ring about changing the dose, he's fine now",
    lang: 'en',
    expect: 'ordinary',
    note: 'A seizure last week in known epilepsy, resolved: a medication question.',
  },
];
