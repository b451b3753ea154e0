/**
 * Held-out triage corpus, Catalan (central, Valencian and Balearic forms).
 *
 * Written without seeing the triage code or the development corpus (corpus-*.ts), so it measures
 * how the triage generalises to wording nobody tuned it on. Patient and relative messages typed
 * the way people in Spain type on a phone: typos, missing accents, slang, regional forms, third
 * parties, negations, idioms and long messages with the warning sign buried in the middle. Labels
 * follow corpus-types.ts; `pain` and `temperature` are set only when the message states them.
 */
import type { CorpusCase } from './corpus-types';

export const HOLDOUT_CA: readonly CorpusCase[] = [
  {
    text:
      'tinc una pressio molt forta al pit que em baixa pel braç esquerre i estic suant com un ' +
      'pollastre',
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'mumare diu que li fa mal es pit i li puja fins a sa barra, té 80 anys, què feim?',
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'Balearic: "es pit", "sa barra" (jaw).',
  },
  {
    text: "em sembla q m'esta agafant un atac de cor",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: "tinc el pit com si m'estrenyessin amb una corda, fa 20 min que dura i no marxa",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      'Bon dia, volia preguntar per la recepta de ma mare que no ix a la farmacia, i ja que ' +
      "estic, des de fa una hora tinc un dolor al mig del pit que m'agafa fins al coll i la " +
      'mandibula, estic marejat i amb suor freda, no se si es normal o que',
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'Valencian forms; the chest pain is buried after a prescription question.',
  },
  {
    text: 'dolor al pit de 8 sobre 10 i em costa una mica respirar',
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
    pain: 8,
  },
  {
    text: "m'ofego, no puc respirar ni parlar gaire",
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'el meu fill respira molt rapid i fa un xiulet, te els llavis blavosos',
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "no m'entra l'aire ni estirat ni assegut!!",
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "l'avi boqueja com un peix i no pot dir una frase sencera sense parar",
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'el xiquet no pot alenar be i se li enfonsen les costelles quan agafa aire',
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      'Xq em xiula tant el pit?? he fet 3 inhalacions del ventoli i res, no aconsegueixo ' +
      'agafar aire',
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
    note: 'Asthma attack not relieved by the reliever inhaler.',
  },
  {
    text: 'ja no vull viure mes, estic cansada de tot i de tothom',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "m'he pres totes les pastilles del pot fa mitja hora",
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'voldria adormir-me i no despertar-me mai mes, de veritat',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'ho tinc tot pensat, dema ho faig. ja he deixat una carta per als meus fills',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "fa dies que em faig talls a les cuixes i avui m'he passat",
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'Hola, us volia demanar si em podeu canviar la visita de dimarts a la tarda. I tambe... ' +
      'no se com dir-ho, ultimament penso que estaria millor no ser-hi, ja he mirat des de ' +
      'quin pont, pero bueno, la visita si pot ser a partir de les 5',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
    note: 'A plan buried inside an appointment request.',
  },
  {
    text: 'em surt sang pel nas fa una hora i no para de cap manera, ja porto mil mocadors',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'he vomitat sang, bastanta, i estic blanc com la paret',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: "faig caca negra com el quitrà des d'ahir",
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: "la ferida raja sang i no s'atura tot i apretar amb una tovallola",
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'tusso sang vermella, molta, no son filets',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'des del part no paro de sagnar, canvio la compresa cada mitja hora i esta xopa',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
    note: 'Postpartum haemorrhage.',
  },
  {
    text: 'a la meva mare se li ha torçat la boca de cop i parla estrany, no se li enten res',
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "no sento el braç esquerre ni la cama, m'ha vingut de sobte fa una estona",
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "el meu home diu paraules que no tenen sentit i no m'entén, fa mitja hora estava bé",
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "he perdut la vista d'un ull de cop, com una cortina negra",
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "es padrí no pot aixecar es braç dret i sa cara li fa com caiguda d'un costat",
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "la meva mare s'ha desmaiat al menjador i no respon",
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: "m'he marejat i he caigut rodó, no sé quanta estona he estat inconscient",
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
    note: 'Loss of consciousness, not a fall injury.',
  },
  {
    text: "l'avi no es desperta, el crido i el sacsejo i res de res",
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: "la nena s'ha quedat blanca i ha perdut el coneixement un moment al pati de l'escola",
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: "m'he desmaiat dues vegades avui al lavabo",
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: "m'ha picat una abella i se m'està inflant la llengua i la gola",
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: "després de l'antibiòtic tinc els llavis i la cara inflats i em costa empassar",
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'el nen ha menjat un gelat amb nous i se li està inflant tota la cara',
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: "noto la gola tancada des que m'he pres el nolotil, i picor per tot el cos",
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      "m'han posat el contrast per al TAC i ara tinc la cara i els llavis inflats, la veu " +
      'ronca i em costa empassar',
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'la meva filla està convulsionant!!',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text:
      "es meu germà ha tengut un atac, s'ha posat rígid i tremolava sencer, ara encara no " +
      'respon',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
    note: 'Balearic "tengut".',
  },
  {
    text: "l'avi ha començat a fer sacsejades de tot el cos i té els ulls en blanc",
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'el nen té febre i ara està fent convulsions',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
    note: 'Febrile convulsion; no temperature written.',
  },
  {
    text:
      "li ha agafat un atac d'epilepsia al meu company de pis i ja porta més de 5 minuts fent " +
      'sacsejades',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: "em van operar d'apendicitis dilluns i avui tinc 38,7",
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.7,
  },
  {
    text: 'tinc 38,5 de febre',
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 38.5,
    note: 'Post-operative follow-up conversation; the message does not mention the operation.',
  },
  {
    text: "des de l'operació tinc febre alta, estic bullint i tremolant",
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
  },
  {
    text: 'la meva mare, operada de maluc fa 4 dies, té 39,2',
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 39.2,
  },
  {
    text: 'la cicatriu està vermella, calenta i fa pus',
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: "els punts s'han obert una mica i la ferida fa mala olor",
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: "la ferida de l'operació està inflada i li surt un líquid groguenc",
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'la ferida fa una pudor horrible i està tota roja al voltant',
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      "Hola, bona tarda. Soc la filla de la Montse Vidal, la van operar de l'espatlla dimarts " +
      'passat. Li estic fent les cures com em va dir la infermera, però avui quan he tret ' +
      "l'apòsit he vist que la ferida està oberta per un costat, surt una mica de pus i la " +
      'pell està calenta. Ella diu que no és res però jo no ho veig clar',
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: "el dolor del genoll operat és d'un 9",
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 9,
  },
  {
    text: "em fa un mal insuportable a l'esquena, el pitjor de la meva vida",
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text: "mal de panxa de 10, no puc ni moure'm",
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 10,
  },
  {
    text: "em fa un mal de mil dimonis a l'espatlla, ni amb el nolotil, no ho aguanto",
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text: "el mal de la ferida de l'hèrnia és d'un vuit i no em deixa ni seure",
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 8,
  },
  {
    text: "la iaia s'ha caigut al carrer i té el canell tort i molt inflat",
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      "m'he fotut una hòstia amb la bici i tinc el turmell com una pilota, no puc posar el peu " +
      'a terra',
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'el padrí ha caigut del llit i es queixa del maluc, no es pot aixecar',
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      'des que em van treure la sonda no he pogut fer pipí, ja fa 10 hores i tinc la panxa ' +
      'molt inflada',
    lang: 'ca',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: "el meu pare no orina des d'ahir a la nit i es queixa de la part de baix de la panxa",
    lang: 'ca',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: 'em moro de ganes de tornar a casa!!',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'aquest nen em matarà, no para quiet ni un segon 😅 per cert, quan li toca la vacuna?',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "he d'anar en dejú a fer-me l'anàlisi de sang?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "la tensió m'ha sortit 12/7, està bé?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "no tinc mal al pit ni res eh, només volia canviar l'hora",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "se m'ha caigut un got i m'he fet un tallet al dit, ja no sagna",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'si em comencés a fer mal el pit, què hauria de fer?',
    lang: 'ca',
    expect: 'ordinary',
    note: 'Hypothetical question.',
  },
  {
    text: 'fa anys vaig tenir un infart, ho dic per si de cas',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "m'ofego de calor en aquest pis, no hi ha qui visqui",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'el dolor està a un 2, molt millor',
    lang: 'ca',
    expect: 'ordinary',
    pain: 2,
  },
  {
    text: 'tinc 37,4, és normal?',
    lang: 'ca',
    expect: 'ordinary',
    temperature: 37.4,
    note: 'Below 38 °C.',
  },
  {
    text: 'moltes gràcies de tot cor, sou un sol',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'a quina hora obriu dissabte?',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "puc prendre ibuprofè amb l'enalapril?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "he relliscat a la dutxa però no m'he fet res, només l'ensurt",
    lang: 'ca',
    expect: 'ordinary',
    note: 'A fall without injury.',
  },
  {
    text: 'la ferida està bé, una mica rosada però seca',
    lang: 'ca',
    expect: 'ordinary',
    note: 'Normal healing.',
  },
  {
    text: "m'he marejat una mica en aixecar-me però no m'he desmaiat, ja estic bé",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "estic trista pq s'ha mort el meu gat, però estic bé, no patiu",
    lang: 'ca',
    expect: 'ordinary',
    note: 'Grief without any wish to die.',
  },
  {
    text: "quan tindré els resultats de l'electro?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'em pica la cicatriu, és normal?',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'tinc mocs i mal de coll des de dilluns',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'la meva mare va tenir un ictus fa 2 anys, voldria demanar hora de control',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "estic cagat de por per l'operació de dijous",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'ja no he tornat a tenir febre 😊',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "podeu renovar-me la recepta de l'omeprazol?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "tinc la cama adormida d'estar assegut amb les cames creuades, ja se m'està passant",
    lang: 'ca',
    expect: 'ordinary',
    note: 'Positional numbness, resolving.',
  },
  {
    text: 'em vaig prendre la pastilla de la tensió dues vegades per error, passa res?',
    lang: 'ca',
    expect: 'ordinary',
    note: 'Accidental double dose, not an overdose with intent.',
  },
  {
    text: 'hui estic millor, ja puc menjar de tot, gracies',
    lang: 'ca',
    expect: 'ordinary',
    note: 'Valencian "hui".',
  },
  {
    text: "idò es metge me va dir que tornàs d'aquí un mes, quin dia tenc hora?",
    lang: 'ca',
    expect: 'ordinary',
    note: 'Balearic.',
  },
  {
    text: "tinc el cor partit perquè la meva filla se'n va a viure a Londres 😢",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "quan m'aixeco em fa una mica de mal la ferida, com un 4",
    lang: 'ca',
    expect: 'ordinary',
    pain: 4,
  },
  {
    text: "Hola! puc dutxar-me ja amb els punts o he d'esperar?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      "m'he quedat sense alè pujant les escales del metro però és que no faig gens d'esport " +
      'jaja, ja estic bé',
    lang: 'ca',
    expect: 'ordinary',
    note: 'Breathless on exertion, resolved at rest.',
  },
  {
    text: "a l'analítica de sang em va sortir el colesterol alt, què he de fer?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      'Bon dia! Us escric per dir-vos que el meu pare ja està molt millor, menja bé, camina ' +
      "pel passadís, la ferida tancadeta. L'altre dia es va espantar perquè va llegir coses " +
      "d'infarts i embòlies a internet però no té res d'això, és molt aprensiu. Quan li toca " +
      'la revisió?',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'em tremolen una mica les mans quan fa hores que no menjo, pot ser del sucre?',
    lang: 'ca',
    expect: 'ordinary',
    note: 'Mild tremor when hungry, not a seizure.',
  },
  {
    text: "m'han dit a la farmacia que el xarop em pot deixar KO, és veritat que fa dormir tant?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text:
      "ahir em vaig cremar molt a la platja i tinc l'esquena vermella i calenta, quina crema " +
      'em poso?',
    lang: 'ca',
    expect: 'ordinary',
    note: 'Sunburn: red and hot skin, but not a surgical wound.',
  },
  {
    text:
      'mon pare diu que li cau la bava quan dorm, i mira que ja li hem dit que no dormi amb la ' +
      'boca oberta 😂 quan és la seva cita?',
    lang: 'ca',
    expect: 'ordinary',
    note: 'Harmless drooling in sleep, no facial droop.',
  },
];
