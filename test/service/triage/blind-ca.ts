import type { CorpusCase } from './corpus-types';

/**
 * Blind evaluation corpus (Catalan). Written without seeing the triage code, its lexicon or the
 * other corpora, to measure how the triage generalises to wording nobody has tuned it on.
 *
 * Three kinds of text, in this order: chat messages; answers to free-text questions in forms
 * (such as "¿Algo más que quiera contarnos?"); and turns of automated phone calls, transcribed as
 * spoken.
 * Ordinary texts are deliberately hard: denials, idioms, harmless uses of alarming words, mild or
 * resolved complaints, history, hypothetical questions and relatives who are fine.
 */
export const BLIND_CA: readonly CorpusCase[] = [
  // Chat messages
  {
    text:
      'fa una estona que tinc com un pes al mig del pit que no marxa, em baixa cap a la ' +
      'mandibula i estic suant fred. Tinc 61 anys i fumo, no se si exagero',
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      "Es meu homo diu que té una pedra dins es pit que li arriba fins a s'esquena, i està " +
      'blanc com un paper i suat. Ell diu que són gasos i que no cridi ningú',
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
    note:
      'Balearic Catalan. "A stone in the chest" reaching the back, pale and sweating, ' +
      'played down by the patient.',
  },
  {
    text:
      'Bon dia! Us escric per tres coses: la primera, que ja tinc el volant de la mutua; ' +
      'la segona, que dimarts no podre venir a la visita; i la tercera, que el meu home fa ' +
      'una hora que no pot respirar be, te els llavis blaus i no pot acabar les frases. ' +
      'Gracies!',
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
    note: 'The sign is the third item of a list of paperwork.',
  },
  {
    text:
      'el meu xiquet de 8 mesos respira molt depressa, se li enfonsa la panxeta i fa com ' +
      'un gemec a cada respiració, i no vol el biberó',
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
    note: 'Valencian. Infant with fast breathing, recession and grunting.',
  },
  {
    text:
      'avui he anat a tres farmacies diferents a comprar paracetamol i ja en tinc prou per ' +
      'fer-ho. No ho dic per espantar ningu, nomes perque algu ho sapiga',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
    note: 'Stockpiling tablets "to do it": intent and means.',
  },
  {
    text:
      "tio no puc mes, literal porto tota la nit mirant com fer-ho perque s'acabi tot. no " +
      'li digueu res a la mare porfa',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      "m'he tallat el palmell amb la mandolina i raja moltissim, he posat dues tovalloles " +
      'i estan xopes, no para',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text:
      'estic de 10 setmanes i sagno molt, com una aixeta, amb coagols grossos, i em marejo ' +
      "quan m'aixeco del vater",
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
    note: 'Heavy bleeding in early pregnancy with dizziness.',
  },
  {
    text:
      'la meva mare de cop no pot aixecar el braç dret i quan parla sembla que tingui la ' +
      'boca plena de cotó, fa deu minuts estava perfecta',
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      'Sa padrina de cop no mos coneix, té sa boca tòrta cap a un costat i no pot aguantar ' +
      'sa cullera. Ha estat ara mateix, dinant',
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
    note: 'Balearic Catalan: sudden confusion, facial droop and a weak hand.',
  },
  {
    text:
      "la meva germana s'ha desplomat al sofa i no respon, li he tirat aigua a la cara i " +
      'res, respira pero no obre els ulls',
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text:
      "he menjat un tros de coca que duia ametlla i soc al·lergica, se m'estan inflant els " +
      'llavis i tinc la veu ronca, com si tingues un tap a la gola',
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      "he pres la primera pastilla de l'antibiotic nou fa deu minuts i m'han sortit habons " +
      'per tot el cos, em xiula el pit i em bull la cara',
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'el meu fill esta tremolant sencer al llit, braços i cames fent sacsejades, no ' +
      'respon quan el crido i te els llavis morats',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text:
      "Bon dia, em van operar de l'hernia dijous i avui tinc 38,7 i tremolors. Em prenc " +
      'alguna cosa o truco?',
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.7,
  },
  {
    text:
      'la ferida del genoll fa pudor i pels punts surt un liquid verdos, i la vermellor ja ' +
      "s'ha estes un pam cap amunt",
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      "la cicatriu de l'apendicitis està calenta, inflada i me supura per un extrem, xe, " +
      'no sé si és normal a les dos setmanes',
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      'tinc un mal de queixal insuportable, no he dormit en tota la nit, tinc ganes de ' +
      "picar el cap contra la paret i l'ibuprofe no em fa ni pessigolles",
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
    note: 'Unbearable toothache; "picar el cap contra la paret" is a figure of speech.',
  },
  {
    text:
      "He relliscat a la dutxa i he caigut de costat, ara el canell no el puc moure i s'ha " +
      "inflat com una pilota. El cap be, no m'he donat",
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      "m'he fotut una bona patacada amb es patinet i tenc es genoll obert, no sagna gaire " +
      'pero està molt inflat i no el puc doblegar gens',
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
    note: 'Balearic teenager; the bleeding is minor, the injury is the point.',
  },
  {
    text:
      "des d'ahir a la tarda no he pogut fer pipi, tinc la panxa inflada i una pressio a " +
      "baix que no m'aguanto",
    lang: 'ca',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: 'em moro de ganes de menjar una pizza després de tant de règim, ja puc o encara no?',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      'Fa un parell de dies vaig notar una punxada al pit despres de cridar al partit del ' +
      'Barça, pero va durar dos segons i res mes. Ho comento a la revisio o no cal?',
    lang: 'ca',
    expect: 'ordinary',
    note: 'A two-second twinge days ago, nothing now.',
  },
  {
    text:
      'No tinc febre ni mal enlloc, nomes volia saber si dijous puc portar la meva filla a ' +
      'la visita amb mi',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      "El meu fill de 15 anys s'ha fet un tatuatge sense permis i la zona esta una mica " +
      'vermella, pero ell esta la mar de be. Cal fer res?',
    lang: 'ca',
    expect: 'ordinary',
    note: 'A fresh tattoo, not a surgical wound.',
  },
  {
    text:
      'quan em moco al mati surt una mica de sang seca, crec que es per la calefaccio. es ' +
      'normal?',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      "Al Telenoticies han dit que un ciclista s'ha desplomat en plena cursa. El meu fill " +
      "fa ciclisme: li hauriem de fer una prova d'esforç? Ell esta perfecte",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      "tio el d'educació física ens ha fet córrer tant que literal m'he quedat sense aire " +
      'jajaja. tot bé eh, només volia saber si em podeu fer el certificat per federar-me a ' +
      'bàsquet',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      "Quant de temps m'he d'esperar a la sala despres de la vacuna per si faig reaccio? " +
      "L'altra vegada vaig estar perfecte",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'la febre ha baixat, avui 37,1 i ja em trobo molt millor, gracies',
    lang: 'ca',
    expect: 'ordinary',
    temperature: 37.1,
  },
  {
    text:
      'La ferida esta una mica vermelleta just a la vora dels punts, sense pus ni calor i ' +
      'cada dia millor. Ho dic perque em van dir que avises de tot.',
    lang: 'ca',
    expect: 'ordinary',
    note: 'Mild redness along the stitch line, improving, no pus or heat: normal healing.',
  },
  {
    text:
      "el meu fill es va desmaiar l'any passat en una extraccio de sang, quan li toqui la " +
      "propera us hem d'avisar?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      "Amb aquesta calor m'ofego a casa, es pot demanar algun certificat per posar aire " +
      'condicionat? Respiro be eh, es que el pis es un forn',
    lang: 'ca',
    expect: 'ordinary',
    note: '"M\'ofego" as an idiom for the heat.',
  },
  {
    text:
      "Aquest mes la regla m'ha vingut una mica mes abundant que de costum, pero res " +
      'exagerat, sense marejos. Voldria demanar hora amb la ginecologa quan pugui',
    lang: 'ca',
    expect: 'ordinary',
    note: 'A slightly heavier period, no dizziness: a routine appointment.',
  },
  {
    text:
      'Quina dosi de paracetamol li puc donar al nen si pesa 18 kg? No te res greu, nomes ' +
      'mocs i una mica de tos',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "He de portar el volant de l'especialista imprès o ja el teniu vosaltres?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      'A mon pare li van posar un marcapassos fa deu anys i ara li toca canviar la pila, ' +
      'quan ens direu alguna cosa? Ell esta com un rellotge',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "Mal a l'espatlla un 4, com sempre que canvia el temps. Res de nou",
    lang: 'ca',
    expect: 'ordinary',
    pain: 4,
  },
  // Free-text answers in forms
  {
    text:
      "Si, que mentre pujava les escales de casa m'ha agafat una opressio al pit i encara " +
      "la tinc, m'arriba al braç i em falta una mica l'aire",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      "M'ofego. Ara mateix, escrivint aixo. No em puc estirar ni caminar fins al lavabo " +
      'sense parar.',
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      "Voldria que sabessin que fa setmanes que penso a treure'm la vida i avui ho tinc " +
      'mes clar que mai.',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'Prenc Sintrom i fa una hora que em surt sang pel nas sense parar, ja he omplert ' +
      'mitja palangana i em noto feble.',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
    note: 'A nosebleed, but on an anticoagulant, for an hour, large volume, feeling weak.',
  },
  {
    text:
      "Des de fa una hora ho veig tot doble i se m'adorm tota la banda esquerra del cos, " +
      'la cara inclosa.',
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      'Ho escric jo, el seu fill: he trobat la meva mare a terra al passadis i no es ' +
      'desperta del tot, obre els ulls i es torna a quedar adormida, no em respon.',
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
    note: 'Found on the floor, but the main sign is reduced consciousness, not the fall.',
  },
  {
    text:
      "M'ha picat una vespa al coll i se m'ha inflat tota la cara, tinc la llengua grossa " +
      'i estic marejada.',
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'Mentre omplia açò el meu home ha caigut i ha començat a fer moviments molt forts, ' +
      'amb els ulls girats cap amunt. Ja ha parat pero encara no respon.',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
    note:
      'Valencian. A seizure just now, still unresponsive afterwards (seizure is the main ' +
      'sign).',
  },
  {
    text:
      "Aquesta nit he tingut febre alta, m'he despertat xop de suor i tremolant. No tinc " +
      'termometre.',
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    note: 'Post-operative follow-up form; "febre alta" without a number.',
  },
  {
    text: 'Dolor: 8 de 10 al maluc operat, no ha baixat en tot el dia malgrat la medicacio.',
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 8,
  },
  {
    text:
      'El meu pare (88 anys, prostata) fa 14 hores que no orina, ho intenta i no surt res. ' +
      'Esta molt neguitos i es toca la panxa.',
    lang: 'ca',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text:
      'Res mes. Be, que a la meva germana li van diagnosticar epilepsia i em preocupa si ' +
      'es hereditari, pero jo mai he tingut cap crisi.',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'Vaig tenir un infart fa sis anys. Ara faig vida normal i camino una hora cada dia.',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "Que l'aplicacio no em deixa pujar la foto de la targeta sanitaria, surt un error.",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      "A l'operacio de l'any passat vaig perdre molta sang i em van haver de transfondre. " +
      'Ho poso perque ho tingueu en compte per la del mes que ve.',
    lang: 'ca',
    expect: 'ordinary',
    note: 'History, before the next operation.',
  },
  {
    text:
      "M'agradaria que em truquessin a la tarda, al mati no puc agafar el telefon a la " + 'feina.',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'Febre 37,6 ahir a la nit; avui ja no en tinc. Ferida neta.',
    lang: 'ca',
    expect: 'ordinary',
    postOp: true,
    temperature: 37.6,
    note: 'Post-operative, but below 38 and already gone.',
  },
  {
    text:
      'Em poso molt nerviosa a les visites i a vegades em tremolen les mans, pero res mes. ' +
      "Ho dic perque no s'espantin.",
    lang: 'ca',
    expect: 'ordinary',
  },
  // Phone-call turns, transcribed
  {
    text:
      "eh, bueno, doncs, que tinc, tinc un dolor al pit, aqui al mig, que m'estreny, " +
      "m'estreny molt, i em va cap al braç esquerre, o sigui, fa mitja hora que el tinc",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      "es que no, no m'entra l'aire, eh, m'ofego, m'ofego, i la meva dona diu que tinc els " +
      'llavis, els llavis blavosos',
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      'no se, eh, que ja no, que no vull continuar, o sigui, que tinc les pastilles aqui ' +
      'davant, eh, i les estic mirant, les estic mirant',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      "el meu pare, eh, el meu pare s'ha fet un tall a la cama amb la serra, i surt molta " +
      'sang, a raig, a raig, i no para per molt que apretem',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text:
      "eh, es el meu home, que parla estrany, o sigui, no s'entén el que diu, i, i té la " +
      "cara, la cara caiguda d'un costat, ha estat de cop",
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      "ai, ai, que el meu avi s'ha quedat com desmaiat a la cadira, eh, li parlo i no " +
      'contesta, no contesta, i te els ulls tancats',
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text:
      'eh, la nena, la nena ha menjat cacauet, o sigui, era dins del pastis, i ara te ' +
      'taques vermelles per tot el cos, i tus, tus molt i li costa respirar',
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'es que, eh, la meva dona te una convulsio, ara, ara mateix, esta a terra tremolant ' +
      'sencera i fa escuma per la boca, bueno, no se que fer',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text:
      "doncs, eh, la febre, que tinc trenta-vuit amb vuit, eh, des d'ahir a la nit, i ja " +
      "li dic, des de l'operacio que no estic be",
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.8,
  },
  {
    text:
      'eh, la ferida, la ferida esta molt vermella, i calenta, i, o sigui, aquest mati ha ' +
      'sortit pus, pus groc, i fa olor',
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      "el dolor, eh, es un nou, un nou, o sigui, em fa tant de mal l'esquena que ni em puc " +
      'girar al llit, i les pastilles res',
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 9,
  },
  {
    text:
      'eh, que la meva mare ha caigut, ha caigut a la cuina, i es queixa molt del maluc, ' +
      'eh, no es pot aixecar i te la cama com girada cap enfora',
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
    note: 'Hip pain, cannot get up, leg turned outwards after a fall: probable fracture.',
  },
  {
    text:
      'eh, doncs que no puc fer pipi, o sigui, tinc ganes pero no surt, no surt res, des ' +
      'que em van treure la sonda ahir',
    lang: 'ca',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text:
      'eh, no, no, be, be, o sigui, la ferida be, i el dolor, doncs, un dos, poca cosa, ' +
      'poca cosa',
    lang: 'ca',
    expect: 'ordinary',
    pain: 2,
  },
  {
    text:
      'doncs mira, eh, jo estic be, el que passa es que vaig veure a la tele, a la serie ' +
      'aquella de metges, un home que tenia un atac de cor, i clar, em vaig espantar, pero ' +
      'jo be, eh',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      'eh, volia, volia canviar la cita de la meva neta, eh, que el dijous te excursio, i, ' +
      'i la podriem passar al divendres?',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      'si, eh, bueno, lo de les pastilles, que ahir em vaig descuidar la de la tensio, i ' +
      "no se si avui me n'he de prendre dues",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      "eh, doncs, be, el cor, el cor me'l va trencar el meu ex, ha ha, pero de salut, be, " +
      'molt be',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      'eh, la meva dona, es que aquest mati li ha sagnat una mica el nas, pero ha parat de ' +
      'seguida, eh, deu minuts apretant i prou, ara esta be',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      'eh, bueno, volia preguntar, si per exemple em torna a fer mal el pit, eh, que faig, ' +
      'vaig directament a urgencies o truco aqui? es per saber-ho, ara estic be',
    lang: 'ca',
    expect: 'ordinary',
    note: 'A hypothetical question; no pain now.',
  },
];
