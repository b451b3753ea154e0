/**
 * Held-out triage corpus, English (British, Irish and non-native).
 *
 * Written without seeing the triage code or the development corpus (corpus-*.ts), so it measures
 * how the triage generalises to wording nobody tuned it on. Patient and relative messages typed
 * the way people in Spain type on a phone: typos, missing accents, slang, regional forms, third
 * parties, negations, idioms and long messages with the warning sign buried in the middle. Labels
 * follow corpus-types.ts; `pain` and `temperature` are set only when the message states them.
 */
import type { CorpusCase } from './corpus-types';

export const HOLDOUT_EN: readonly CorpusCase[] = [
  {
    text: 'crushing pain in my chest going down my left arm, sweating buckets',
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: "my dad (82) says his chest feels tight like a band and it's going up into his jaw",
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'I think im having a heart attack',
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'theres like an elephant sitting on my chest since 20 min, pain 8/10',
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
    pain: 8,
    note: 'Non-native phrasing; severe score but the sign is chest pain.',
  },
  {
    text:
      'Hiya, sorry to bother ye, was just going to ask about the parking at the clinic for ' +
      "Thursday but the thing is I've had this awful pressure in the middle of my chest for " +
      "about half an hour now and it's going into my shoulder and I feel a bit sick, Mam says " +
      "it's probably indigestion",
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'Irish English; chest pressure buried in a parking question.',
  },
  {
    text: 'HEART ATTACK?? tight chest + left arm heavy + jaw ache. on my own at home',
    lang: 'en',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'cant breathe properly, cant even get a sentence out',
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "my son's lips have gone blue and he's struggling for breath",
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "I'm gasping for air, even just sitting still",
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'my husband he is not can breath good, he make noise when take the air and is very bad',
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
    note: 'Non-native English.',
  },
  {
    text:
      'my wee one is breathing really fast and you can ' +
      'see the skin sucking in between her ribs',
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'feels like breathing through a straw. every word is an effort',
    lang: 'en',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'i dont want to be here anymore. everyone would be better off without me',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'took all my sleeping tablets about an hour ago',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'honestly id be happy to just not wake up tomorrow. not joking',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      "hi, it's me again about the sick note for work, they need it by friday. honestly I " +
      "don't see the point of anything anymore, I've been saving up my tablets and I think " +
      'this weekend is it. anyway can you email it rather than post',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
    note: 'A plan and a stockpile buried in an admin request.',
  },
  {
    text: 'my daughter (15) has been cutting herself, found fresh cuts on her thighs tonight',
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "keep thinking about stepping in front of a train, it's getting louder",
    lang: 'en',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "nosebleed for over an hour now, it just won't stop, soaked two tea towels",
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'been sick and it was full of blood, dark bits like coffee grounds',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'my poo has been black and tarry since yesterday, feel really faint',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'coughing up bright red blood, quite a lot, not just streaks',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: "the wound's opened and it's pumping blood, pressing hard but its not stopping",
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
    note: 'Heavy bleeding takes precedence over the wound opening.',
  },
  {
    text:
      'bleeding down below since the d&c, going through a ' +
      'maxi pad every 30 mins with big clots',
    lang: 'en',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: "my mum's face has dropped on one side and her words are all slurred",
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "can't feel my right arm or leg, came on suddenly about 15 min ago",
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "my husband is talking gibberish all of a sudden and doesn't understand me",
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'lost the sight in one eye just now, like a curtain came down',
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'my grandmother she cannot lift the left arm and the mouth is crooked, since 10 minutes',
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
    note: 'Non-native English.',
  },
  {
    text:
      "dropped my tea, my left hand won't do what i tell it and my smile looks wonky in the " +
      'mirror',
    lang: 'en',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "my dad's collapsed in the bathroom and isn't responding",
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'I fainted twice this morning',
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: "can't wake my nan up, she's breathing but not reacting at all",
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: "my colleague just keeled over at his desk and isn't opening his eyes",
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'passed out in the queue at Mercadona, woke up on the floor with people around me',
    lang: 'en',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'stung by a wasp and my tongue is swelling up, hard to swallow',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'after the new antibiotic my lips and face are puffing up like a balloon',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'my son ate something with peanuts and his face is swelling, his eyes are closing up',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'throat feels like its closing after I took the ibuprofen, itchy all over',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'prawns at lunch and now my lips are huge and my voice has gone all hoarse and tight',
    lang: 'en',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'my daughter is having a fit!!',
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: "my brother's epileptic and he's having a seizure now, it's been going for ages",
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'grandad started jerking all over on the sofa and his eyes rolled back',
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'baby has a high temp and is shaking all over and not responding',
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
    note: 'Febrile convulsion; no temperature written.',
  },
  {
    text:
      "my mate's on the floor fitting after a night out, arms and legs going and we can't get " +
      'through to him',
    lang: 'en',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'had my gallbladder out on Tuesday and my temp is 38.6',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.6,
  },
  {
    text: 'temp 38.4 since last night, shivery',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 38.4,
    note: 'Post-operative follow-up conversation; the message does not mention the operation.',
  },
  {
    text: 'burning up since the op, proper high fever, no thermometer in the house',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
  },
  {
    text: 'my mum had her hip done last week and her temperature is 39 this morning',
    lang: 'en',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 39,
  },
  {
    text: "the scar is red, hot and swollen and there's pus coming out",
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'stitches have come apart a bit and the wound smells bad',
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: "wound's weeping yellow gunk and the skin round it is angry red",
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'the cut of the operation is open and have bad smell',
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
    note: 'Non-native English.',
  },
  {
    text:
      "Morning, sorry for the long message. My husband had his hernia repair on the 3rd, he's " +
      'been doing well, walking the dog and all, but since yesterday the wound has gone a ' +
      "funny purple-red colour, it's hot to touch and there's a bit of cloudy stuff on the " +
      "dressing. He says it's nothing but I'd rather ask",
    lang: 'en',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'pain in my operated knee is a 9',
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 9,
  },
  {
    text: "worst pain of my life in my lower back, can't move",
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text: 'stomach pain 10 out of 10',
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 10,
  },
  {
    text: 'the pain in my hip is unbearable, even with the tramadol',
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text: "pain's an eight, maybe more, since the nerve block wore off",
    lang: 'en',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 8,
  },
  {
    text: 'my nan fell in the street and her wrist is all bent and swollen',
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: "came off my bike and my ankle's like a balloon, can't put any weight on it",
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: "dad fell out of bed and is complaining about his hip, can't stand up",
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      'hola, sorry my english, my mother she fall in the kitchen and the arm is very bad, ' +
      'maybe broken, she cry',
    lang: 'en',
    expect: 'urgent',
    sign: 'fall_injury',
    note: 'Spanish speaker writing in English.',
  },
  {
    text:
      "haven't been able to pee since the catheter came out, that's 10 hours now and my belly " +
      'is sore',
    lang: 'en',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: "my father hasn't passed water since last night and he's in a state about it",
    lang: 'en',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: 'dying to get these stitches out lol',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'this cough is killing me but otherwise grand',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'do I need to fast for the blood test?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'blood pressure was 128/80 this morning, is that ok?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'no chest pain or anything, just wanted to move my appointment',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'dropped my phone down the loo, sorry for the late reply',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'what should I do if I get chest pain after the procedure?',
    lang: 'en',
    expect: 'ordinary',
    note: 'Hypothetical question.',
  },
  {
    text: 'had a heart attack in 2015, just so you have it in my notes',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "it's stifling in here, I'm suffocating in this heat haha",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'pain is about a 3 today, much better',
    lang: 'en',
    expect: 'ordinary',
    pain: 3,
  },
  {
    text: 'temp is 37.3, is that normal after surgery?',
    lang: 'en',
    expect: 'ordinary',
    temperature: 37.3,
    note: 'Below 38 °C.',
  },
  {
    text: 'thanks a million, you lot are the heart of this place',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'what time do you open tomorrow',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'can I take paracetamol with warfarin?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "slipped in the shower but didn't hurt myself, just gave me a fright",
    lang: 'en',
    expect: 'ordinary',
    note: 'A fall without injury.',
  },
  {
    text: 'wound looks fine, a little pink at the edges but dry',
    lang: 'en',
    expect: 'ordinary',
    note: 'Normal healing.',
  },
  {
    text: "felt a bit lightheaded getting up too fast but didn't pass out",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "feeling a bit down since my dog died but I'm ok, honestly",
    lang: 'en',
    expect: 'ordinary',
    note: 'Grief without any wish to die.',
  },
  {
    text: 'when will I get the ECG results?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'scar is itchy, is that normal?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'sore throat and runny nose since monday',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "my mum had a stroke 3 yrs ago, she'd like a check-up appt",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'bricking it about my op on Thursday',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'no more fever since Friday 👍',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'could you renew my omeprazole prescription pls',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "my leg's gone dead from sitting cross-legged, it's coming back now",
    lang: 'en',
    expect: 'ordinary',
    note: 'Positional pins and needles.',
  },
  {
    text: 'took my blood pressure tablet twice by mistake, is that a problem?',
    lang: 'en',
    expect: 'ordinary',
    note: 'Accidental double dose, not an overdose with intent.',
  },
  {
    text: "I'd kill for a cup of tea, when can I eat after the op?",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'my heart sank when I saw the bill, can you explain the charge?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'the cat knocked a plant pot off the shelf onto my foot, tiny bruise, nothing major',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'is it normal to bleed a tiny bit when I change the dressing? just a spot on the gauze',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: "can't breathe through my nose with this cold, totally bunged up",
    lang: 'en',
    expect: 'ordinary',
    note: 'Nasal congestion, not breathing difficulty.',
  },
  {
    text:
      'my face is swollen from the wisdom tooth out yesterday, dentist said to expect it, how ' +
      'long does it last?',
    lang: 'en',
    expect: 'ordinary',
    note: 'Expected swelling after a dental extraction; no throat or tongue swelling.',
  },
  {
    text: "I'm shaking like a leaf about tomorrow lol is that normal",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'kid has 38.2 with a cold, no surgery or anything, calpol ok?',
    lang: 'en',
    expect: 'ordinary',
    temperature: 38.2,
    note: 'Fever without any operation: not post-op fever.',
  },
  {
    text:
      'Morning! Just a quick update on Dad: eating well, up and about, the wound is closed and ' +
      "he's sleeping through. He got himself worked up the other night reading about clots and " +
      "strokes online but he's got none of it, he's a terrible worrier. When's his next review?",
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'my blood results came back, what does a low ferritin mean?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text:
      'if my lips ever swell up again like they did with the penicillin years ago, do I go to ' +
      'A&E?',
    lang: 'en',
    expect: 'ordinary',
    note: 'Hypothetical and past history.',
  },
  {
    text:
      'hi sorry, mi marido wants to know if he can drive ' +
      "yet after the knee op, he's doing fine",
    lang: 'en',
    expect: 'ordinary',
    note: 'Spanish-English mix.',
  },
  {
    text: 'fell asleep on the sofa and woke up with a stiff neck, anything I can take?',
    lang: 'en',
    expect: 'ordinary',
  },
  {
    text: 'gutted, had to cancel my holiday because of the op. anyway, do I need a fit note?',
    lang: 'en',
    expect: 'ordinary',
  },
];
