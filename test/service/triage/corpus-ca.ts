/**
 * Catalan triage corpus: single chat messages patients (or relatives writing for them) send to the
 * clinic assistant, written the way people in Catalonia really type (no accents, SMS spellings,
 * castellanisms and the usual mistakes), each labelled with what a triage nurse would do (see
 * corpus-types.ts). Written without looking at the triage code.
 */
import type { CorpusCase } from './corpus-types';

export const CORPUS_CA: readonly CorpusCase[] = [
  // ── Emergency: chest pain ─────────────────────────────────────────────────────────────────────
  {
    text: "tinc un pes al pit com si m'haguessin posat una llosa a sobre",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'em fa molt mal el pit i em baixa pel braç esquerre, estic tot suat',
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'el meu pare diu q li estreny el pit i li fa mal la barra',
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  { text: 'MAL AL PIT MOLT FORT I NO PASSA', lang: 'ca', expect: 'emergency', sign: 'chest_pain' },
  {
    text: "Bon dia, soc la Montse, la filla de la Rosa Vidal. La mare ha passat mala nit, diu que li fa mal la boca de l'estomac i que li puja cap al pit i al coll com si l'estrenyessin, esta blanca com la paret i suant. Dema teniem hora amb la doctora per les analisis, no se si esperar-nos",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'Epigastric pain rising to the chest and neck with pallor and sweating, inside an appointment message.',
  },
  {
    text: "em sembla q m'esta agafant un atac de cor",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: "xq em fa tan mal el pit?? m'estreny mol i em baixa x el braç",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: "dolor al pit d'un 8, com si m'apretessin amb unes tenalles",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
    pain: 8,
  },
  {
    text: "tinc el cor encongit, una opressio aqui al mig q m'arriba a l'esquena",
    lang: 'ca',
    expect: 'emergency',
    sign: 'chest_pain',
  },

  // ── Emergency: breathing difficulty ──────────────────────────────────────────────────────────
  {
    text: "m'ofegooo no puc respirar",
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "tiu no puc respirar be, en plan m'ofego de veritat, no es conya",
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'em costa moltissim agafar aire, no puc ni acabar les frases',
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'la iaia te els llavis blaus i li costa molt respirar',
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "no m'entra l'aire als pulmons, cada cop pitjor",
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "l'avi fa un xiulet en respirar i te les puntes dels dits morades",
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "estic panteixant tot i estar assegut, no recupero l'ale",
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: "tinc una sensacio d'ofec horrorosa, com si m'estigues asfixiant",
    lang: 'ca',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },

  // ── Emergency: suicidal thoughts or self-harm ────────────────────────────────────────────────
  { text: 'ja no vull viure mes', lang: 'ca', expect: 'emergency', sign: 'suicidal_thoughts' },
  {
    text: 'tothom estaria millor sense mi, soc una carrega',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'vull desapareixer, de debo, no puc mes amb tot aixo',
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "m'he pres tota la capsa de pastilles per dormir",
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "m'he tornat a fer talls a les cames amb una fulla",
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "tant de bo no em despertes dema i s'acabes tot",
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: "No se com dir-ho. Des de l'operacio no soc el mateix, no treballo, no dormo, i ahir a la nit vaig estar buscant per internet com treure'm la vida. No ho sap ningu",
    lang: 'ca',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },

  // ── Emergency: heavy bleeding ────────────────────────────────────────────────────────────────
  {
    text: 'la ferida no para de sagnar, ja he canviat les gases tres cops i estan xopes',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'he vomitat sang, molta, tot vermell',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'faig les femtes negres com el carbo i en quantitat, i estic mig marejat',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  { text: "RAJA SANG I NO S'ATURA", lang: 'ca', expect: 'emergency', sign: 'heavy_bleeding' },
  {
    text: "l'avi escup sang quan tus, bastanta, el mocador ple",
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'he fet caca amb molta sang, el vater ple de vermell',
    lang: 'ca',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },

  // ── Emergency: stroke ────────────────────────────────────────────────────────────────────────
  { text: "se m'ha quedat la cara torta de cop", lang: 'ca', expect: 'emergency', sign: 'stroke' },
  {
    text: 'el meu pare no pot aixecar el braç dret i parla estrany',
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "de cop i volta no hi veig res per l'ull dret",
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "la mare s'embarbussa parlant i te la boca caiguda d'un costat",
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: "se m'han adormit de sobte el braç i la cama esquerra, no els noto",
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'el meu home diu coses sense cap sentit i no troba les paraules, ha començat fa mitja hora',
    lang: 'ca',
    expect: 'emergency',
    sign: 'stroke',
  },

  // ── Emergency: unconsciousness ───────────────────────────────────────────────────────────────
  { text: "el meu pare s'ha desmaiat", lang: 'ca', expect: 'emergency', sign: 'unconsciousness' },
  {
    text: 'la iaia no respon, li parlo i res de res',
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: "m'he desmaiat al lavabo fa un moment, ara estic a terra encara",
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
    note: 'A loss of consciousness counts even when the patient has come round.',
  },
  {
    text: 'ha perdut el coneixement i no hi ha manera de despertar-lo',
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'LA MARE HA CAIGUT REDONA I NO REACCIONA',
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
    note: '"Caure rodó/redona" is collapsing, not a fall injury.',
  },
  {
    text: "s'ha quedat inconscient al sofa i no obre els ulls",
    lang: 'ca',
    expect: 'emergency',
    sign: 'unconsciousness',
  },

  // ── Emergency: anaphylaxis ───────────────────────────────────────────────────────────────────
  {
    text: "se m'esta inflant la llengua desde q he pres l'antibiotic",
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: "m'ha picat una abella i noto la gola tancada",
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'tinc els llavis i la cara molt inflats, he menjat musclos',
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: "m'es impossible empassar, la gola com estreta despres de la injeccio",
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'a la nena se li ha inflat tota la cara amb els fruits secs',
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: "se m'inflen els llavis i les parpelles i tinc picor per tot el cos",
    lang: 'ca',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },

  // ── Emergency: seizure ───────────────────────────────────────────────────────────────────────
  { text: 'el meu germa esta convulsionant', lang: 'ca', expect: 'emergency', sign: 'seizure' },
  {
    text: 'a la mare li ha agafat un atac, tremola sencera i no respon',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'te convulsions i treu escuma per la boca',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: "el pare s'ha posat rigid i no para de sacsejar-se",
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'al meu fill li ha donat una crisi epileptica i encara dura',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'fa moviments estranys amb els braços i les cames, te els ulls en blanc i no em contesta',
    lang: 'ca',
    expect: 'emergency',
    sign: 'seizure',
  },

  // ── Urgent: fever after surgery ──────────────────────────────────────────────────────────────
  {
    text: "tinc 38,4 de febre des de l'operacio",
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.4,
  },
  {
    text: "em van operar de l'hernia fa 3 dies i tinc febrada",
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
  },
  {
    text: 'tinc 39,1',
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 39.1,
  },
  {
    text: 'estic bullint, el termometre diu 38.6',
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 38.6,
  },
  {
    text: 'tinc febre molt alta i tremolors',
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
  },
  {
    text: "Bon dia, soc la Nuria. Ahir em van treure els punts del genoll i tot anava be, pero aquesta nit m'he llevat amb 38,7 i tremolors i el meu home diu que us escrigui. Tambe volia preguntar si ja em puc dutxar",
    lang: 'ca',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.7,
  },

  // ── Urgent: wound infection ──────────────────────────────────────────────────────────────────
  {
    text: 'la ferida esta vermella, calenta i treu pus',
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  { text: 'la cicatriu fa pudor i supura', lang: 'ca', expect: 'urgent', sign: 'wound_infection' },
  {
    text: "se m'esta obrint la ferida de l'operacio, es veu per dins",
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'els punts estan molt inflats i vermells i surt un liquid groc',
    lang: 'ca',
    expect: 'urgent',
    sign: 'wound_infection',
  },

  // ── Urgent: severe pain ──────────────────────────────────────────────────────────────────────
  { text: 'em fa mal el genoll un 9', lang: 'ca', expect: 'urgent', sign: 'severe_pain', pain: 9 },
  { text: 'dolor de 10, no puc mes', lang: 'ca', expect: 'urgent', sign: 'severe_pain', pain: 10 },
  {
    text: 'el dolor es insuportable, no he pogut dormir en tota la nit',
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  { text: 'MAL D ESQUENA DE 8', lang: 'ca', expect: 'urgent', sign: 'severe_pain', pain: 8 },
  {
    text: 'em fa un mal de mil dimonis, el pitjor de la meva vida',
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text: "a l'avi li fa mal la ferida del maluc, diu q un 8, i no vol ni menjar",
    lang: 'ca',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 8,
  },

  // ── Urgent: fall with injury ─────────────────────────────────────────────────────────────────
  {
    text: "m'he fotut una hostia amb la moto i m'he donat un cop al cap",
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'la mare ha caigut a casa i no pot recolzar la cama',
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'he relliscat a la dutxa i tinc el canell molt inflat',
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: "m'he espatarrat per les escales i m'he obert la cella, sagna una mica",
    lang: 'ca',
    expect: 'urgent',
    sign: 'fall_injury',
  },

  // ── Urgent: urinary retention ────────────────────────────────────────────────────────────────
  {
    text: "no puc fer pipi des d'ahir a la nit",
    lang: 'ca',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  { text: 'porto 14 hores sense orinar', lang: 'ca', expect: 'urgent', sign: 'urinary_retention' },
  {
    text: 'tinc la bufeta a punt de petar pero no em surt ni una gota',
    lang: 'ca',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: 'el pare no ha pixat en tot el dia i te la panxa inflada',
    lang: 'ca',
    expect: 'urgent',
    sign: 'urinary_retention',
  },

  // ── Ordinary: negations ──────────────────────────────────────────────────────────────────────
  {
    text: 'no tinc dolor al pit ni res, nomes volia saber si dma a les 9 es a la mateixa consulta',
    lang: 'ca',
    expect: 'ordinary',
  },
  { text: 'sense febre i la ferida seca, tot ok', lang: 'ca', expect: 'ordinary' },
  {
    text: "ni m'ofego ni res, es una tos de gat q tinc de fa dies",
    lang: 'ca',
    expect: 'ordinary',
  },
  { text: 'avui 36,9, res de febre', lang: 'ca', expect: 'ordinary', temperature: 36.9 },
  {
    text: 'la ferida ni esta vermella ni fa pudor, crec q va be no?',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "m'he marejat una mica en aixecar-me de cop pero ja estic be, no m'he desmaiat",
    lang: 'ca',
    expect: 'ordinary',
    note: 'Brief light-headedness on standing; faint explicitly denied.',
  },

  // ── Ordinary: the same words in harmless use ─────────────────────────────────────────────────
  {
    text: "m'ofego de calor en aquesta sala d'espera jaja, quan posareu l'aire?",
    lang: 'ca',
    expect: 'ordinary',
    note: 'Said lightly about the heat.',
  },
  { text: 'estic que em moro de gana, quan podre menjar normal?', lang: 'ca', expect: 'ordinary' },
  { text: "em moro de ganes de tornar a l'hort", lang: 'ca', expect: 'ordinary' },
  { text: "quan tindre els resultats de l'analitica de sang?", lang: 'ca', expect: 'ordinary' },
  {
    text: "m'he pres la tensio a la farmacia i tenia 15/9, em prenc la pastilla igual?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'puc menjar pit de pollastre a la planxa o millor peix?',
    lang: 'ca',
    expect: 'ordinary',
    note: '"Pit" is chicken breast here.',
  },
  {
    text: "se m'ha caigut el mobil a la piscina i no he vist els missatges, perdoneu",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'em cau molt el cabell amb la pastilla nova, es normal?',
    lang: 'ca',
    expect: 'ordinary',
  },
  { text: 'aquesta calor em matara jajaja', lang: 'ca', expect: 'ordinary' },
  {
    text: "m'he quedat sense paraules, quin tracte mes bo!",
    lang: 'ca',
    expect: 'ordinary',
    note: 'A compliment, not a speech problem.',
  },
  { text: 'estic mort de son, les pastilles em deixen ko', lang: 'ca', expect: 'ordinary' },
  {
    text: 'el meu avi diu q ja no vol fer mes dieta, que vol menjar croquetes jaja',
    lang: 'ca',
    expect: 'ordinary',
    note: '"Ja no vol" is about the diet.',
  },
  {
    text: 'tinc 38 anys, em puc fer la prova?',
    lang: 'ca',
    expect: 'ordinary',
    note: '38 is an age, not a temperature.',
  },

  // ── Ordinary: mild complaints ────────────────────────────────────────────────────────────────
  { text: 'em fa una miqueta de mal la panxa, res de greu', lang: 'ca', expect: 'ordinary' },
  { text: 'tinc mal de cap, pero poc', lang: 'ca', expect: 'ordinary' },
  { text: 'tinc 37,2, he de fer alguna cosa?', lang: 'ca', expect: 'ordinary', temperature: 37.2 },
  { text: 'el genoll em fa mal un 3, bastant millor', lang: 'ca', expect: 'ordinary', pain: 3 },
  { text: 'diria que el dolor esta a 4 o aixi', lang: 'ca', expect: 'ordinary', pain: 4 },
  { text: 'em pica una mica la cicatriu, es bon senyal no?', lang: 'ca', expect: 'ordinary' },
  { text: 'estic rebentat de la feina pero be', lang: 'ca', expect: 'ordinary' },

  // ── Ordinary: history ────────────────────────────────────────────────────────────────────────
  {
    text: 'fa 5 anys vaig tenir un infart pero ara faig vida normal',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: "la meva mare va tenir un ictus l'any 2016 i s'ha recuperat del tot, ho poso a la fitxa?",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'de petit tenia convulsions quan tenia febre, ho dic per si de cas',
    lang: 'ca',
    expect: 'ordinary',
  },

  // ── Ordinary: hypothetical or informational questions ────────────────────────────────────────
  {
    text: 'que he de fer si em fa mal el pit? ho pregunto per saber-ho',
    lang: 'ca',
    expect: 'ordinary',
  },
  { text: 'quin telefon truco si es una urgencia de nit?', lang: 'ca', expect: 'ordinary' },
  { text: "es normal que la ferida taqui una mica l'aposit?", lang: 'ca', expect: 'ordinary' },

  // ── Ordinary: appointments, medication, thanks, small talk ───────────────────────────────────
  { text: 'vull canviar la visita de dijous pq treballo', lang: 'ca', expect: 'ordinary' },
  { text: 'a quina hora obriu dma?', lang: 'ca', expect: 'ordinary' },
  { text: "l'omeprazol me'l prenc abans o despres d'esmorzar?", lang: 'ca', expect: 'ordinary' },
  {
    text: "m'he descuidat la pastilla d'ahir, me'n prenc dues avui?",
    lang: 'ca',
    expect: 'ordinary',
  },
  { text: 'moltes gracieeees!!', lang: 'ca', expect: 'ordinary' },
  { text: 'vale, fins dema', lang: 'ca', expect: 'ordinary' },
  { text: 'bon diaaa', lang: 'ca', expect: 'ordinary' },
  {
    text: "la infermera d'ahir va ser un sol, digueu-li de part meva",
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'Bona tarda, escric de part del meu pare, en Josep Puig i Serra, per demanar hora amb el traumatoleg. Moltes gracies',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'Benvolguts, els escric per preguntar si la meva senyora pot entrar amb mi a la visita. Atentament, Jaume',
    lang: 'ca',
    expect: 'ordinary',
  },
  {
    text: 'ostres quin ensurt, pensava q havia perdut la targeta sanitaria pero la tenia a la bossa',
    lang: 'ca',
    expect: 'ordinary',
  },
  { text: "em podeu enviar l'informe per mail porfa", lang: 'ca', expect: 'ordinary' },
];
