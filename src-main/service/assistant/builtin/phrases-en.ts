import type { PhraseBank } from './phrases';

/** English: one register, so no `{informal|formal}` choices are needed. */
export const PHRASES_EN: PhraseBank = {
  greeting: [
    'Hello {name}, this is the virtual assistant of {clinic}.',
    'Hi {name}, this is the {clinic} virtual assistant.',
    'Good morning {name}. I am the virtual assistant of {clinic}.',
  ],
  intro: {
    post_op: [
      'I would like to check how your recovery after the procedure is going.',
      'We follow up on the days after your operation, and I have a few short questions for you.',
    ],
    medication: [
      'I would like to check how you are getting on with your medication.',
      'We are following up on your treatment and I would like to know how it is going.',
    ],
    appointment: [
      'I am writing about your upcoming appointment at the clinic.',
      'I wanted to remind you of your next visit and answer any questions you may have.',
    ],
    check_in: [
      'I would like to know how you have been feeling lately.',
      'This is a routine check-in, and I would like to know how you are.',
    ],
  },
  firstQuestionLead: ['To start with:', 'First,', ''],
  questions: {
    wellbeing: ['How are you feeling today?', 'How have you been these last few days?'],
    pain: [
      'on a scale from 0 to 10, how much pain do you have right now?',
      'how would you rate your pain, from 0 (none) to 10 (the worst imaginable)?',
      'if you had to score your pain from 0 to 10, what number would you give it?',
    ],
    fever: [
      'Have you had a fever, that is 38 °C or more?',
      'Have you taken your temperature? Has it gone above 38 °C?',
    ],
    wound: [
      'How does the wound look? Is it bleeding, red, swollen or oozing?',
      'What does the wound look like? I would like to know whether it bleeds, looks red or has any discharge.',
    ],
    medication: [
      'Are you taking your medication as prescribed?',
      'Have you managed to take every dose of your medication these days?',
    ],
    side_effects: [
      'Have you noticed any side effects, such as nausea, dizziness or a skin rash?',
      'Is the medication agreeing with you? Any side effects, like nausea, dizziness or itching?',
    ],
    supply: [
      'Do you have enough medication until your next prescription?',
      'Do you still have medication for the coming weeks?',
    ],
    attendance: [
      'Will you be able to come to the appointment? A simple yes or no is enough.',
      'Can you confirm that you will come to the appointment?',
    ],
    preparation: [
      'Do you have any questions about preparing for the visit (fasting, reports to bring…)?',
      'Is there anything about preparing for the visit that is not clear?',
    ],
    symptoms: [
      'Have you noticed any new symptoms since your last visit?',
      'Have any new symptoms appeared in the last few days?',
    ],
    questions: [
      'Is there anything else you would like the care team to know?',
      'Finally, is there anything else you would like to tell the medical team?',
    ],
  },
  reask: {
    wellbeing: ['Sorry, I did not quite get that. Are you feeling well, so-so or unwell?'],
    pain: [
      'Sorry, I did not get that. Could you give me a number from 0 (none) to 10 (the worst)?',
      'To note it down properly I need a number: from 0 to 10, how much does it hurt?',
    ],
    fever: ['Sorry, have you had a fever: yes or no?'],
    wound: ['Could you tell me whether the wound is bleeding, looks red, or is fine?'],
    medication: ['Just to be clear: do you take your medication every day, yes or no?'],
    side_effects: ['Any side effects, yes or no? If yes, which ones?'],
    supply: ['Do you have enough medication left, yes or no?'],
    attendance: ['Sorry, will you come to the appointment, yes or no?'],
    preparation: ['Do you have any questions about the preparation, yes or no?'],
    symptoms: ['Any new symptoms, yes or no?'],
    questions: ['Anything else you would like to add?'],
  },
  moveOn: ['No problem, I will note it like that and we can move on.', 'All right, let us go on.'],
  next: ['', 'Now,', 'Next:', 'One more thing:'],
  ack: {
    wellbeing: {
      good: ['Glad to hear it.', 'That is good to hear!', 'Great.'],
      bad: [
        'I am sorry you are not feeling your best.',
        'I am sorry to hear that; I will note it.',
      ],
    },
    pain: {
      none: ['I am glad you are not in pain.', 'Good, no pain.'],
      mild: ['A {n} out of 10 is mild pain; noted.', 'Understood, {n}/10: mild pain.'],
      moderate: [
        'A {n} out of 10 is moderate pain; I will note it for the team.',
        'Noted: pain at {n}/10.',
      ],
      severe: [
        'A pain of {n} out of 10 is severe.',
        'I understand, {n} out of 10 is a lot of pain.',
      ],
    },
    fever: {
      no: ['Good, no fever.', 'Great, no fever at all.'],
      yes: [
        'Thank you for telling me; a fever needs to be taken into account.',
        'I am noting that you have had a fever.',
      ],
      temperature: ['Noted: {t} °C.', 'All right, {t} °C.'],
    },
    wound: {
      fine: ['Glad the wound looks good.', 'Good, the wound is healing without problems.'],
      bleeding: [
        'I am noting that the wound has bled.',
        'Thank you; the team needs to know the wound has bled.',
      ],
      changes: [
        'Thanks for telling me; the team should have a look at those changes in the wound.',
        'I am noting the changes in the wound.',
      ],
    },
    medication: {
      taken: ['Very good, that is how the treatment works best.', 'Perfect, noted.', 'Well done!'],
      missed: [
        'Thank you for being honest; it happens to a lot of people. I will note it.',
        'Understood, I will note it for the team.',
      ],
    },
    sideEffects: {
      none: ['Good, no side effects.', 'Glad it is agreeing with you.'],
      some: ['Noted: {list}.', 'Thank you; I have noted {list} for the team to review.'],
    },
    supply: {
      enough: ['Perfect.', 'Good, then there is no rush with the prescription.'],
      short: [
        'All right; I will ask the team to have your prescription ready in time.',
        'I will note it so your prescription gets renewed.',
      ],
    },
    attendance: {
      yes: ['Perfect! We look forward to seeing you.', 'Great, it is confirmed.'],
      no: [
        'All right; I will ask reception to offer you another date.',
        'No problem, the team will contact you to find another day.',
      ],
    },
    preparation: {
      clear: ['Very good.', 'Perfect, all clear then.'],
      question: [
        'I am passing your question to the team, who will answer you.',
        'I have noted your question so the team can answer it.',
      ],
    },
    symptoms: {
      none: ['Good, nothing new.', 'Glad to hear it.'],
      some: ['I will note it for the team.', 'Thank you for telling me; I have noted it.'],
    },
    questions: {
      none: [''],
      noted: ['I have noted it word for word for the team.', 'All right, I will pass it on.'],
    },
  },
  teamAlert: [
    'I am passing this on to the nursing team so they can call you today.',
    'I will let the team know so they get in touch with you today.',
  ],
  noAdvice: [
    'I cannot give you a diagnosis or medical advice here, but I am passing your question to the team, who will answer you.',
    'That question is one for your doctor: I cannot diagnose. I will pass it to the team so they can reply.',
  ],
  closing: [
    'Thank you very much, {name}. This is what I will pass on to the team: {summary}. If anything changes, write to me here; in an emergency, call 112.',
    'Thank you for your time, {name}. My summary for the team: {summary}. Take care, and if you notice anything new, write to us.',
  ],
  afterDone: {
    thanks: ['You are welcome! Have a good day.', 'You are welcome, {name}. Take care.'],
    nothing: ['Perfect. Have a good day, {name}.', 'All right. Take care, {name}.'],
    question: [
      'I am passing your question to the team; they will answer as soon as possible.',
      'I have noted it for the medical team, who will reply to you.',
    ],
    generic: [
      'Noted. Is there anything else I can help you with?',
      'I have noted it for the team. Anything else?',
    ],
  },
  redFlag: {
    chest_pain: [
      '{name}, chest pain can be an emergency. Call 112 now or go to the nearest emergency department; do not wait to see whether it passes.',
    ],
    breathing_difficulty: [
      '{name}, difficulty breathing is an emergency. Call 112 right now or go to the emergency department.',
    ],
    suicidal_thoughts: [
      '{name}, I am very sorry you feel this way, and I am glad you wrote it. Help is there: if you are thinking of harming yourself, call 024 now (suicide prevention line, free, 24 hours) or 112 if you are in immediate danger.',
    ],
    heavy_bleeding: [
      '{name}, heavy bleeding is an emergency. Press firmly on the area with gauze or a clean cloth and call 112 now or go to the emergency department.',
    ],
    stroke: [
      '{name}, a drooping face, weakness on one side, trouble speaking or suddenly losing sight can be a stroke. Call 112 right now and note the time it started: every minute counts.',
    ],
    unconsciousness: [
      '{name}, losing consciousness is an emergency. Call 112 now. If the person does not respond but is breathing, lay them on their side and give them nothing to eat or drink.',
    ],
    anaphylaxis: [
      '{name}, swelling of the throat, tongue, lips or face, or being unable to swallow, can be a severe allergic reaction. Call 112 now; if you have an adrenaline auto-injector, use it now.',
    ],
    seizure: [
      '{name}, a seizure is an emergency. Call 112 now. Do not hold the person down or put anything in their mouth; move away anything they could hit and, once it stops, lay them on their side.',
    ],
  },
  urgent: {
    post_op_fever: [
      'A fever after an operation needs to be seen to today. I am alerting the nursing team now so that they call you today; if you get worse before then, go to the emergency department.',
    ],
    wound_infection: [
      'A nurse should look at what you describe in the wound today: I am alerting the team now so that they call you today. Meanwhile, keep it clean and covered.',
    ],
    severe_pain: [
      'Pain like that should not wait. I am alerting the team now so that they call you today; if you cannot hold on until then, go to the emergency department.',
    ],
    fall_injury: [
      'After a fall with a knock or an injury the team should check on you today. I am alerting them now so that they call you today; if dizziness, vomiting or drowsiness appear, go to the emergency department.',
    ],
    urinary_retention: [
      'Not being able to pass urine for hours needs to be seen to today. I am alerting the team now so that they call you today; if the pain low in your belly grows, go to the emergency department.',
    ],
  },
  forTeam: [
    'I am not sure I have understood that well, so I am passing it to the team for a person to read.',
    'I would rather a person read this: I am passing it to the clinic team.',
  ],
  afterRedFlag: ['I have also alerted the clinic team.', 'The clinic team has been alerted.'],
  summary: {
    wellbeing: { good: 'feels well', bad: 'does not feel well' },
    pain: 'pain {n}/10',
    painNone: 'no pain',
    fever: { no: 'no fever', yes: 'has had a fever' },
    wound: {
      fine: 'wound looks good',
      bleeding: 'bleeding from the wound',
      changes: 'changes in the wound (redness, swelling or discharge)',
    },
    medication: { taken: 'takes the medication as prescribed', missed: 'has missed some doses' },
    sideEffects: { none: 'no side effects', some: 'side effects: {list}' },
    supply: { enough: 'enough medication', short: 'needs a prescription renewal' },
    attendance: { yes: 'confirms the appointment', no: 'cannot attend the appointment' },
    preparation: {
      clear: 'no questions about the preparation',
      question: 'has questions about the preparation',
    },
    symptoms: { none: 'no new symptoms', some: 'reports new symptoms' },
    note: 'says: “{note}”',
  },
  sideEffectNames: {
    nausea: 'nausea',
    dizziness: 'dizziness',
    rash: 'rash or itching',
    stomach: 'stomach upset',
    headache: 'headache',
    drowsiness: 'tiredness or drowsiness',
    insomnia: 'trouble sleeping',
  },
  and: 'and',
  decimalComma: false,
  call: {
    intro: {
      post_op: ['I am calling to check how your recovery after the procedure is going.'],
      medication: ['I am calling to see how you are getting on with your medication.'],
      appointment: ['I am calling about your upcoming appointment at the clinic.'],
      check_in: ['I am calling to see how you have been feeling lately.'],
    },
    opening: [
      'Hello, am I speaking with {name}? I am calling from {clinic}; this is the virtual assistant.',
      'Good morning, is this {name}? This is the virtual assistant of {clinic}.',
    ],
    closing: [
      'Thank you very much, {name}. I will pass on what you told me to the team: {summary}. If anything changes, call the clinic; in an emergency, call 112.',
      'Thank you, {name}. My summary for the team: {summary}. In any emergency, call 112.',
    ],
    patientConfirm: ['Yes, speaking.', 'Yes, hello.', 'Yes, that is me.'],
    goodbye: ['Thank you, {name}. Have a good day.', 'Thank you very much. Take care. Goodbye.'],
    patientGoodbye: ['Thank you. Bye.', 'Great, thanks. Goodbye.', 'Bye, thank you.'],
    summaryLead: {
      post_op: 'Post-operative follow-up call with {name}',
      medication: 'Medication follow-up call with {name}',
      appointment: 'Appointment reminder call with {name}',
      check_in: 'Check-in call with {name}',
    },
    noIssues: 'No issues.',
    followUp: 'Needs follow-up by the team.',
    redFlagNote: 'Red flags: the patient was told to call 112.',
    urgentNote: 'Warning signs: the team should call the patient today.',
  },
  patient: {
    wellbeing: {
      good: ['Pretty good, thanks.', 'Fine, really.', 'Better than last week.'],
      bad: ['So-so, to be honest.', 'Not great, I am quite tired.'],
    },
    pain: ['I would say a {n}.', 'About a {n}.', 'Right now, a {n} out of 10.'],
    fever: {
      no: ['No, no fever.', 'No, I took it last night and it was 36.5.'],
      yes: ['Yes, I had 38.2 last night.', 'Yes, a bit of a fever yesterday afternoon.'],
    },
    wound: {
      fine: ['Fine, it is clean and dry.', 'Good, it is healing.'],
      bleeding: ['It bled a little when I changed the dressing.'],
      changes: ['It is a bit red around the stitches.', 'It feels a little swollen.'],
    },
    medication: {
      taken: ['Yes, every day.', 'Yes, as prescribed.'],
      missed: ['I forgot a couple of times this week.', 'Not always, to be honest.'],
    },
    sideEffects: {
      none: ['No, nothing.', 'No, none.'],
      some: ['A bit of nausea in the mornings.', 'Some dizziness when I get up.'],
    },
    supply: {
      enough: ['Yes, I have enough for a month.', 'Yes, I have enough left.'],
      short: ['I only have a few left.', 'I am running out next week.'],
    },
    attendance: {
      yes: ['Yes, I will be there.', 'Yes, count me in.'],
      no: ['I cannot make it, I have to work. Can we change it?'],
    },
    preparation: {
      clear: ['No, all clear.', 'No, thank you.'],
      question: ['Do I need to fast?', 'Should I bring my blood test results?'],
    },
    symptoms: {
      none: ['No, nothing new.', 'No, all the same.'],
      some: ['I am a bit more tired than usual.', 'I get a headache some afternoons.'],
    },
    questions: {
      none: ['No, nothing else.', 'No, that is all.'],
      noted: [
        'Only that I would like to speak to the nurse.',
        'Please call me about my next prescription.',
      ],
    },
    generic: ['Yes, all right.', 'Okay.'],
  },
};
