import type { PhraseBank } from './phrases';

/** Catalan. `{tu|vostè}` choices follow the register the context asks for (vostè by default). */
export const PHRASES_CA: PhraseBank = {
  greeting: [
    "Hola, {name}. {T'escriu|Li escriu} l'assistent virtual de {clinic}.",
    "Bon dia, {name}. Soc l'assistent virtual de {clinic}.",
    "Hola, {name}, com va? {Et|Li} escriu l'assistent virtual de {clinic}.",
  ],
  intro: {
    post_op: [
      'Volia saber com va la {teva|seva} recuperació després de la intervenció.',
      "Fem un seguiment dels dies posteriors a la {teva|seva} operació i m'agradaria fer-{te|li} unes preguntes breus.",
    ],
    medication: [
      'Volia saber com {et|li} va amb la medicació.',
      "Fem un seguiment del tractament i m'agradaria saber com {el portes|el porta}.",
    ],
    appointment: [
      "{T'escric|Li escric} per la {teva|seva} propera visita a la clínica.",
      'Volia recordar-{te|li} la {teva|seva} propera visita i resoldre qualsevol dubte.',
    ],
    check_in: [
      'Volia saber com {et trobes|es troba} aquests dies.',
      "Fem un seguiment rutinari i m'agradaria saber com {estàs|està}.",
    ],
  },
  firstQuestionLead: ['Per començar:', 'Primer,', ''],
  questions: {
    wellbeing: ['Com {et trobes|es troba} avui?', 'Com {estàs|està} aquests dies?'],
    pain: [
      'del 0 al 10, quant de dolor {tens|té} ara mateix?',
      'quant de dolor {notes|nota}, en una escala del 0 (gens) al 10 (el pitjor imaginable)?',
      'si {haguessis|hagués} de puntuar el {teu|seu} dolor del 0 al 10, quin número {li donaries|li donaria}?',
    ],
    fever: [
      '{Has|Ha} tingut febre, és a dir, 38 °C o més?',
      "{T'has|S'ha} pres la temperatura? Ha passat de 38 °C?",
    ],
    wound: [
      'Com {veus|veu} la ferida? Sagna, està vermella, inflamada o supura?',
      "Quin aspecte té la ferida? M'interessa saber si sagna, si està envermellida o si supura.",
    ],
    medication: [
      '{Estàs prenent|Està prenent} la medicació tal com {te|li} la van pautar?',
      '{Has pogut|Ha pogut} prendre totes les dosis de la medicació aquests dies?',
    ],
    side_effects: [
      '{Has notat|Ha notat} algun efecte secundari, com nàusees, mareig o erupcions a la pell?',
      '{Et|Li} prova bé? Algun efecte secundari, com nàusees, mareigs o picor?',
    ],
    supply: [
      '{Tens|Té} prou medicació fins a la propera recepta?',
      '{Et|Li} queda medicació per a les properes setmanes?',
    ],
    attendance: [
      '{Podràs|Podrà} venir a la visita? Només cal que {responguis|respongui} sí o no.',
      '{Em confirmes|Em confirma} que {vindràs|vindrà} a la visita?',
    ],
    preparation: [
      '{Tens|Té} algun dubte sobre com preparar-se per a la visita (dejuni, informes que cal portar…)?',
      'Hi ha alguna cosa de la preparació de la visita que no {tinguis|tingui} clara?',
    ],
    symptoms: [
      "{Has notat|Ha notat} algun símptoma nou des de l'última visita?",
      'Ha aparegut algun símptoma nou aquests dies?',
    ],
    questions: [
      "Hi ha alguna cosa més que {vulguis|vulgui} que sàpiga l'equip?",
      "Per acabar, {vols|vol} comentar alguna cosa més a l'equip mèdic?",
    ],
  },
  reask: {
    wellbeing: ['{Perdona|Perdoni}, no ho he entès bé. {Estàs|Està} bé, regular o malament?'],
    pain: [
      '{Perdona|Perdoni}, no ho he entès. {Em dius|Em diu} un número del 0 (gens) al 10 (màxim)?',
      'Per anotar-ho bé necessito un número: del 0 al 10, quant {et|li} fa mal?',
    ],
    fever: ['{Disculpa|Disculpi}, {has|ha} tingut febre: sí o no?'],
    wound: ['{Podries|Podria} dir-me si la ferida sagna, està vermella o està bé?'],
    medication: ['Perquè quedi clar: {prens|pren} la medicació cada dia, sí o no?'],
    side_effects: ['Algun efecte secundari, sí o no? Si és que sí, quin?'],
    supply: ['{Et|Li} queda prou medicació, sí o no?'],
    attendance: ['{Perdona|Perdoni}, {vindràs|vindrà} a la visita, sí o no?'],
    preparation: ['{Tens|Té} algun dubte sobre la preparació, sí o no?'],
    symptoms: ['Ha aparegut algun símptoma nou, sí o no?'],
    questions: ['Alguna cosa més que {vulguis|vulgui} afegir?'],
  },
  moveOn: [
    'No {et preocupis|es preocupi}, ho deixo anotat així i continuem.',
    "D'acord, continuem.",
  ],
  next: ['', 'Ara,', 'Una altra cosa:', 'Següent pregunta:'],
  ack: {
    wellbeing: {
      good: ["M'alegra llegir-ho.", 'Que bé!', 'Fantàstic.'],
      bad: [
        'Sento que no {estiguis|estigui} del tot bé.',
        'Vaja, em sap greu. Ho tindré en compte.',
      ],
    },
    pain: {
      none: ["M'alegra que no {tinguis|tingui} dolor.", 'Perfecte, sense dolor.'],
      mild: ['Un {n} sobre 10 és un dolor lleu; ho anoto.', 'Entesos, un {n}/10: dolor lleu.'],
      moderate: [
        "Un {n} sobre 10 és un dolor moderat; ho anoto perquè ho vegi l'equip.",
        'Anotat: dolor de {n}/10.',
      ],
      severe: ['Un dolor de {n} sobre 10 és intens.', 'Ho entenc, {n} sobre 10 és molt de dolor.'],
    },
    fever: {
      no: ['Bé, sense febre.', 'Perfecte, gens de febre.'],
      yes: [
        "Gràcies per dir-m'ho; la febre s'ha de tenir en compte.",
        'Anoto que {has|ha} tingut febre.',
      ],
      temperature: ['Anoto {t} °C.', "D'acord, {t} °C."],
    },
    wound: {
      fine: [
        "M'alegra que la ferida tingui bon aspecte.",
        'Bé, la ferida evoluciona sense problemes.',
      ],
      bleeding: [
        'Anoto que la ferida ha sagnat.',
        "Gràcies; que la ferida sagni és una cosa que l'equip ha de saber.",
      ],
      changes: [
        "Gràcies per explicar-m'ho; convé que l'equip valori aquests canvis a la ferida.",
        'Anoto els canvis a la ferida.',
      ],
    },
    medication: {
      taken: [
        'Molt bé, així és com el tractament funciona millor.',
        'Perfecte, ho anoto.',
        'Molt ben fet!',
      ],
      missed: [
        'Gràcies per la {teva|seva} sinceritat; li passa a molta gent. Ho anoto.',
        "Entesos, ho anoto per a l'equip.",
      ],
    },
    sideEffects: {
      none: ['Bé, sense efectes secundaris.', "M'alegro que {et|li} provi bé."],
      some: ['Anoto: {list}.', "Gràcies; deixo anotat {list} perquè ho revisi l'equip."],
    },
    supply: {
      enough: ['Perfecte.', 'Bé, doncs no hi ha pressa amb la recepta.'],
      short: [
        "D'acord; aviso l'equip perquè {tinguis|tingui} la recepta a temps.",
        'Ho anoto perquè {et|li} renovin la recepta.',
      ],
    },
    attendance: {
      yes: ["Perfecte! {T'esperem|L'esperem}.", 'Fantàstic, queda confirmada.'],
      no: [
        "D'acord; aviso recepció perquè {et|li} proposin una altra data.",
        "Cap problema, l'equip {es posarà en contacte amb tu|es posarà en contacte amb vostè} per trobar un altre dia.",
      ],
    },
    preparation: {
      clear: ['Molt bé.', 'Perfecte, doncs tot clar.'],
      question: [
        "Trasllado el {teu|seu} dubte a l'equip, que {et|li} respondrà.",
        'Anoto el dubte perquè {et|li} responguin.',
      ],
    },
    symptoms: {
      none: ['Bé, res de nou.', "M'alegro."],
      some: ["Ho anoto per a l'equip.", "Gràcies per explicar-m'ho; ho deixo anotat."],
    },
    questions: {
      none: [''],
      noted: ["Ho anoto tal qual per a l'equip.", "D'acord, els ho faré arribar."],
    },
  },
  teamAlert: [
    "Ho passo a l'equip d'infermeria perquè {et|li} truquin avui.",
    "Aviso l'equip perquè {es posin en contacte amb tu|es posin en contacte amb vostè} avui mateix.",
  ],
  noAdvice: [
    "No puc donar-{te|li} un diagnòstic ni consell mèdic per aquí, però trasllado la {teva|seva} pregunta a l'equip, que {et|li} respondrà.",
    "Aquesta pregunta l'ha de respondre el {teu|seu} metge: jo no puc diagnosticar. La passo a l'equip perquè {et|li} contestin.",
  ],
  closing: [
    "Moltes gràcies, {name}. Això és el que traslladaré a l'equip: {summary}. Si alguna cosa canvia, {escriu-me|escrigui'm} per aquí; davant d'una urgència, {truca|truqui} al 112.",
    "Gràcies pel {teu|seu} temps, {name}. Resumeixo per a l'equip: {summary}. {Cuida't|Cuidi's}, i si {notes|nota} alguna cosa nova, {escriu-nos|escrigui'ns}.",
  ],
  afterDone: {
    thanks: [
      'A {tu|vostè}! Que {tinguis|tingui} un bon dia.',
      "De res, {name}. {Cuida't|Cuidi's}.",
    ],
    nothing: [
      'Perfecte. Que {tinguis|tingui} un bon dia, {name}.',
      "D'acord. {Cuida't|Cuidi's} molt, {name}.",
    ],
    question: [
      "Trasllado la {teva|seva} pregunta a l'equip; {et|li} respondran tan aviat com puguin.",
      "L'anoto per a l'equip mèdic, que {et|li} contestarà.",
    ],
    generic: [
      'Anotat. Hi ha res més que pugui fer per {tu|vostè}?',
      "Ho deixo anotat per a l'equip. Alguna cosa més?",
    ],
  },
  redFlag: {
    chest_pain: [
      "{name}, un dolor al pit pot ser una urgència. {Truca|Truqui} ara al 112 o {ves|vagi} al servei d'urgències més proper; no {esperis|esperi} a veure si passa.",
    ],
    breathing_difficulty: [
      '{name}, la dificultat per respirar és una urgència. {Truca|Truqui} ara mateix al 112 o {ves|vagi} a urgències.',
    ],
    suicidal_thoughts: [
      "{name}, sento molt que {et sentis|se senti} així, i m'alegra que ho {hagis|hagi} escrit. Hi ha ajuda: si {penses|pensa} a fer-{te|se} mal, {truca|truqui} ara al 024 (atenció a la conducta suïcida, gratuït, 24 hores) o al 112 si {estàs|està} en perill immediat.",
    ],
    heavy_bleeding: [
      '{name}, un sagnat abundant és una urgència. {Pressiona|Pressioni} fort la zona amb una gasa o un drap net i {truca|truqui} ara al 112 o {ves|vagi} a urgències.',
    ],
    stroke: [
      "{name}, la cara torta, la debilitat d'un costat del cos, la dificultat per parlar o perdre la vista de cop poden ser un ictus. {Truca|Truqui} ara mateix al 112 i {apunta|apunti} l'hora en què va començar: cada minut compta.",
    ],
    unconsciousness: [
      '{name}, una pèrdua de coneixement és una urgència. {Truca|Truqui} ara al 112. Si la persona no respon però respira, {posa-la|posi-la} de costat i no li {donis|doni} res per menjar ni beure.',
    ],
    anaphylaxis: [
      "{name}, la inflor de la gola, la llengua, els llavis o la cara, o no poder empassar, pot ser una reacció al·lèrgica greu. {Truca|Truqui} ara al 112; si {tens|té} un autoinjector d'adrenalina, {fes-lo|faci'l} servir ja.",
    ],
    seizure: [
      '{name}, una convulsió és una urgència. {Truca|Truqui} ara al 112. No {subjectis|subjecti} la persona ni li {posis|posi} res a la boca; {aparta|aparti} el que la pugui copejar i, quan pari, {posa-la|posi-la} de costat.',
    ],
  },
  urgent: {
    post_op_fever: [
      "La febre després d'una operació s'ha de valorar avui. Aviso ara l'equip d'infermeria perquè {et|li} truqui avui mateix; si {empitjores|empitjora} abans, {ves|vagi} a urgències.",
    ],
    wound_infection: [
      "El que {expliques|explica} de la ferida ho ha de veure avui una infermera: aviso ara l'equip perquè {et|li} truqui avui mateix. Mentrestant, {mantén-la|mantingui-la} neta i tapada.",
    ],
    severe_pain: [
      "Un dolor així no ha d'esperar. Aviso ara l'equip perquè {et|li} truqui avui mateix; si no {pots|pot} aguantar fins llavors, {ves|vagi} a urgències.",
    ],
    fall_injury: [
      "Després d'una caiguda amb un cop o una lesió convé que l'equip {et|la} valori avui. Aviso ara perquè {et|li} truquin avui mateix; si apareixen mareig, vòmits o somnolència, {ves|vagi} a urgències.",
    ],
    urinary_retention: [
      "No poder orinar durant hores s'ha de valorar avui. Aviso ara l'equip perquè {et|li} truqui avui mateix; si el dolor a la part baixa de la panxa augmenta, {ves|vagi} a urgències.",
    ],
  },
  forTeam: [
    "No estic segur d'haver-ho entès bé, així que ho passo a l'equip perquè ho llegeixi una persona.",
    "Prefereixo que això ho llegeixi una persona: ho passo a l'equip de la clínica.",
  ],
  afterRedFlag: ["He avisat també l'equip de la clínica.", "L'equip de la clínica ja està avisat."],
  summary: {
    wellbeing: { good: 'es troba bé', bad: 'no es troba bé' },
    pain: 'dolor {n}/10',
    painNone: 'sense dolor',
    fever: { no: 'sense febre', yes: 'ha tingut febre' },
    wound: {
      fine: 'ferida amb bon aspecte',
      bleeding: 'sagnat a la ferida',
      changes: 'canvis a la ferida (envermelliment, inflamació o supuració)',
    },
    medication: { taken: 'pren la medicació segons la pauta', missed: 'ha oblidat alguna dosi' },
    sideEffects: { none: 'sense efectes secundaris', some: 'efectes secundaris: {list}' },
    supply: { enough: 'medicació suficient', short: 'necessita renovar la recepta' },
    attendance: { yes: 'confirma la visita', no: 'no podrà venir a la visita' },
    preparation: {
      clear: 'sense dubtes sobre la preparació',
      question: 'té dubtes sobre la preparació',
    },
    symptoms: { none: 'sense símptomes nous', some: 'refereix símptomes nous' },
    note: 'comenta: «{note}»',
  },
  sideEffectNames: {
    nausea: 'nàusees',
    dizziness: 'mareig',
    rash: 'erupció o picor',
    stomach: 'molèsties digestives',
    headache: 'mal de cap',
    drowsiness: 'cansament o somnolència',
    insomnia: 'insomni',
  },
  and: 'i',
  decimalComma: true,
  call: {
    intro: {
      post_op: [
        '{Et|Li} truco per saber com va la {teva|seva} recuperació després de la intervenció.',
      ],
      medication: ['{Et|Li} truco per saber com {et|li} va amb la medicació.'],
      appointment: ['{Et|Li} truco per la {teva|seva} propera visita a la clínica.'],
      check_in: ['{Et|Li} truco per saber com {et trobes|es troba} aquests dies.'],
    },
    opening: [
      "Hola, parlo amb {name}? {Et|Li} truco de {clinic}; soc l'assistent virtual.",
      "Bon dia, {ets|és} {name}? {Et|Li} parla l'assistent virtual de {clinic}.",
    ],
    closing: [
      "Moltes gràcies, {name}. Traslladaré a l'equip el que m'{has|ha} explicat: {summary}. Si alguna cosa canvia, {truca|truqui} a la clínica; davant d'una urgència, al 112.",
      "Gràcies, {name}. Resumeixo per a l'equip: {summary}. Davant de qualsevol urgència, {truca|truqui} al 112.",
    ],
    patientConfirm: ['Sí, soc jo.', 'Sí, digui.', 'Sí, hola.'],
    goodbye: [
      'Gràcies, {name}. Que {tinguis|tingui} un bon dia.',
      "Moltes gràcies. {Cuida't|Cuidi's}. Fins aviat.",
    ],
    patientGoodbye: ['Gràcies a vostè. Adéu.', 'Molt bé, gràcies. Fins ara.', 'Adéu, gràcies.'],
    summaryLead: {
      post_op: 'Trucada de seguiment postoperatori amb {name}',
      medication: 'Trucada de seguiment de la medicació amb {name}',
      appointment: 'Trucada de recordatori de visita amb {name}',
      check_in: 'Trucada de seguiment amb {name}',
    },
    noIssues: 'Sense incidències.',
    followUp: "Cal seguiment per part de l'equip.",
    redFlagNote: "Signes d'alarma: se li va indicar que truqués al 112.",
    urgentNote: "Signes d'alerta: l'equip l'ha de trucar avui.",
  },
  patient: {
    wellbeing: {
      good: ['Força bé, gràcies.', 'Bé, la veritat.', 'Millor que la setmana passada.'],
      bad: ['Regular, la veritat.', 'No gaire bé, estic cansat.'],
    },
    pain: ['Doncs diria que un {n}.', 'Un {n}, més o menys.', 'Ara mateix, un {n} sobre 10.'],
    fever: {
      no: ['No, febre no.', 'No, me la vaig prendre ahir a la nit i tenia 36 i mig.'],
      yes: ['Sí, ahir a la nit vaig tenir 38,2.', 'Sí, una mica de febre ahir a la tarda.'],
    },
    wound: {
      fine: ['Bé, està neta i seca.', "Bé, s'està curant."],
      bleeding: ["Ha sagnat una mica en canviar l'apòsit."],
      changes: ['Està una mica vermella al voltant dels punts.', 'La noto una mica inflamada.'],
    },
    medication: {
      taken: ['Sí, cada dia.', 'Sí, segons la pauta.'],
      missed: [
        "Me n'he oblidat un parell de vegades aquesta setmana.",
        'A vegades no, la veritat.',
      ],
    },
    sideEffects: {
      none: ['No, res.', 'No, cap.'],
      some: ['Una mica de nàusees al matí.', "Una mica de mareig quan m'aixeco."],
    },
    supply: {
      enough: ['Sí, en tinc per a un mes.', "Sí, me'n queden prou."],
      short: ["Me'n queden poques, la veritat.", "Se m'acaben la setmana que ve."],
    },
    attendance: {
      yes: ['Sí, hi seré.', 'Sí, compteu amb mi.'],
      no: ['No podré, he de treballar. Es pot canviar?'],
    },
    preparation: {
      clear: ['No, tot clar.', 'No, gràcies.'],
      question: ["He d'anar-hi en dejú?", 'He de portar les analítiques?'],
    },
    symptoms: {
      none: ['No, res de nou.', 'No, tot igual.'],
      some: ['Estic una mica més cansat del normal.', 'Tinc mal de cap algunes tardes.'],
    },
    questions: {
      none: ['No, res més.', 'No, això és tot.'],
      noted: [
        "Només que m'agradaria parlar amb la infermera.",
        'Que em truquin per a la propera recepta, si us plau.',
      ],
    },
    generic: ["Sí, d'acord.", 'Val.'],
  },
};
