/**
 * Spanish triage corpus: single chat messages patients (or relatives writing for them) send to the
 * clinic assistant, written the way people really type, each labelled with what a triage nurse
 * would do (see corpus-types.ts). Written without looking at the triage code.
 */
import type { CorpusCase } from './corpus-types';

export const CORPUS_ES: readonly CorpusCase[] = [
  // ── Emergency: chest pain ─────────────────────────────────────────────────────────────────────
  {
    text: 'tengo como un elefante sentado encima del pecho y no se me quita',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'me duele muchisimo el pecho y se me corre al brazo izquierdo, estoy sudando frio',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'OPRESION EN EL PECHO DESDE HACE MEDIA HORA Q HAGO',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'mi marido dice q es como si le estrujaran el pecho y tb le duele la mandibula',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'buenas tardes perdone que moleste soy Carmen la de la protesis de rodilla. esta mañana fui a por el pan y al subir la cuesta me dio un dolor en el pecho muy fuerte que me baja hasta la espalda, ahora estoy sentada en el sofa y sigue igual. no se si es normal o es de la rodilla, mañana tengo la revision con ustedes a las 10',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'Rambling message about the knee; the chest pain radiating to the back is in the middle.',
  },
  {
    text: 'dolor en el pecho, un 9 de 10, como un peso que no me deja',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
    pain: 9,
  },
  { text: 'creo q me esta dando un infarto', lang: 'es', expect: 'emergency', sign: 'chest_pain' },
  {
    text: 'toy con una presion rara en el pecho y me hormiguea el brazo izq, tb tengo nauseas',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text: 'Señorita tengo un ardor en medio del pecho que me aprieta y me llega hasta la espalda, no es como la acidez de siempre',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'Could be read as heartburn, but the patient says it is not the usual one and it tightens and spreads.',
  },
  {
    text: 'k m duele el pecho mazo, como q m aprieta y no se va, toy acojonao',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },

  // ── Emergency: breathing difficulty ──────────────────────────────────────────────────────────
  { text: 'no puedo respirar', lang: 'es', expect: 'emergency', sign: 'breathing_difficulty' },
  {
    text: 'me ahogo, no puedo ni acabar una frase cuando hablo. le escribe mi hija',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'mi madre tiene los labios morados y respira fatal',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'me falta muuucho el aire, estoy boqueando como un pez',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'siento q me asfixio, no me entra aire aunque este sentado quieto',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'mi padre se esta ahogando, hace como un pitido al respirar y tiene las uñas azuladas',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  { text: 'NO ME LLEGA EL AIRE', lang: 'es', expect: 'emergency', sign: 'breathing_difficulty' },
  {
    text: 'Buenas noches. Soy Anselmo, tengo 84 años. Desde la cena me fatigo mucho, no puedo hablar seguido y mi señora dice que tengo los labios como morados.',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },

  // ── Emergency: suicidal thoughts or self-harm ────────────────────────────────────────────────
  {
    text: 'ya no quiero seguir viviendo',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'a veces pienso q lo mejor seria no despertarme mas',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'todos estarian mejor sin mi, de verdad',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'tengo guardadas todas las pastillas del mes y esta noche me las tomo todas',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'me he vuelto a cortar en los brazos, no se parar',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'no le veo sentido a nada y he estado mirando como quitarme de en medio',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'Llevo semanas sin dormir, la operacion no salio como esperaba, mi mujer se ha ido de casa y la verdad es que me quiero morir. No se ni para que os escribo',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'ya paso de todo, ojala no despertarme mañana la verdad',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },

  // ── Emergency: heavy bleeding ────────────────────────────────────────────────────────────────
  {
    text: 'la herida no para de sangrar, he cambiado el aposito 3 veces y esta empapado',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'acabo de vomitar sangre, bastante',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'hago caca negra como el alquitran, mucha, y me mareo al ponerme de pie',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  { text: 'SANGRA Y SANGRA Y NO PARA', lang: 'es', expect: 'emergency', sign: 'heavy_bleeding' },
  {
    text: 'mi abuela tose sangre, tiene el pañuelo lleno',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'se me ha saltado un punto y sale sangre a borbotones, llevo dos toallas',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'me sangra la nariz desde hace 40 min y no para ni apretando, tomo sintrom',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
    note: 'A nosebleed that will not stop in a patient on anticoagulants.',
  },

  // ── Emergency: stroke ────────────────────────────────────────────────────────────────────────
  {
    text: 'se me ha quedado la cara rara, como torcida, y no puedo sonreir de un lado',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'mi madre no puede mover el brazo derecho y habla raro',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'de repente he dejado de ver por el ojo izquierdo',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'a mi padre se le traba la lengua y tiene la boca ladeada desde hace un rato',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'se me ha dormido de golpe todo el lado izquierdo, brazo y pierna, no los siento',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'mi marido esta como ido, no le salen las palabras y dice cosas q no tienen sentido',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'q me pasa?? tengo la boca caida de un lado y el brazo flojo',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'Mi esposo Antonio de repente no me entiende y se le cae la baba por un lado de la boca',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },

  // ── Emergency: unconsciousness ───────────────────────────────────────────────────────────────
  {
    text: 'mi padre se ha desmayado y no se despierta',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'mi mujer esta en el suelo y no responde',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'me he desmayado en la ducha hace un momento, ya estoy despierta pero muy asustada',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
    note: 'A loss of consciousness counts even when the patient has come round.',
  },
  { text: 'HA PERDIDO EL CONOCIMIENTO', lang: 'es', expect: 'emergency', sign: 'unconsciousness' },
  {
    text: 'la abuela no reacciona, le hablo y la muevo y nada',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'mi hijo se ha quedado inconsciente despues de tomarse la medicacion',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },

  // ── Emergency: anaphylaxis ───────────────────────────────────────────────────────────────────
  {
    text: 'se me esta hinchando la lengua desde q me tome el antibiotico',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'me ha picado una avispa y noto q se me cierra la garganta',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'tengo los labios y la cara super hinchados, he cenado gambas',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'me cuesta tragar y la garganta la noto cerrada desde la pastilla nueva',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'a mi hija se le ha hinchado toda la cara con el ibuprofeno',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'se me hincha la boca y me pica todo el cuerpo, xq??',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },

  // ── Emergency: seizure ───────────────────────────────────────────────────────────────────────
  { text: 'mi hermano esta convulsionando', lang: 'es', expect: 'emergency', sign: 'seizure' },
  {
    text: 'a mi madre le esta dando un ataque, tiembla entera y no responde',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'ha tenido convulsiones y echa espuma por la boca',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'mi padre se ha puesto rigido y se sacude sin parar, no me mira',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'le ha dado una crisis epileptica a mi hijo y no se le pasa',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'esta temblando sin control con los ojos en blanco, ayuda',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
  },

  // ── Urgent: fever after surgery ──────────────────────────────────────────────────────────────
  {
    text: 'tengo 38,5 de fiebre desde la operacion',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.5,
  },
  {
    text: 'me operaron de la vesicula el lunes y ahora tengo fiebre alta',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
  },
  {
    text: 'tengo 39 de fiebre',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 39,
  },
  {
    text: 'estoy ardiendo, el termometro marca 38.2',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 38.2,
  },
  {
    text: 'desde q me quitaron el apendice tengo escalofrios y 38,3',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.3,
  },
  {
    text: 'tengo muchisima fiebre y tiritones, no me baja con el paracetamol',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
  },
  {
    text: 'tengo treinta y ocho y medio de fiebre',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 38.5,
    note: 'Temperature written in words.',
  },

  // ── Urgent: wound infection ──────────────────────────────────────────────────────────────────
  {
    text: 'la herida esta roja, caliente y sale pus',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'la cicatriz huele mal y supura un liquido amarillento',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'se me esta abriendo la herida de la operacion',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'alrededor de los puntos esta todo muy hinchado y rojo y me duele al tocar',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'la herida de la rodilla tiene muy mala pinta, sale como un liquido verdoso',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },

  // ── Urgent: severe pain ──────────────────────────────────────────────────────────────────────
  {
    text: 'me duele la rodilla operada un 9',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 9,
  },
  {
    text: 'dolor de 10, no aguanto mas',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 10,
  },
  {
    text: 'el dolor es insoportable, no puedo ni dormir',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  { text: 'DOLOR 8 EN LA ESPALDA', lang: 'es', expect: 'urgent', sign: 'severe_pain', pain: 8 },
  {
    text: 'es el peor dolor q he tenido en mi vida, en la cadera',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text: 'me duele la barriga un ocho sobre diez',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 8,
  },
  {
    text: 'no puedo ni moverme del dolor, es como si me clavaran cuchillos, no se puede aguantar',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
  },

  // ── Urgent: fall with injury ─────────────────────────────────────────────────────────────────
  {
    text: 'me he caido en la calle y me he dado un golpe en la cabeza',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'mi madre se ha caido y no puede apoyar la pierna',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'me cai en el baño y tengo la muñeca hinchadisima',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'me he caido por las escaleras y me he hecho una brecha en la frente',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'resbale en la cocina y ahora el tobillo no me aguanta',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text: 'm e caido d la bici y m duele muxo la muñeca, esta hinchada y no la puedo mover',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },

  // ── Urgent: urinary retention ────────────────────────────────────────────────────────────────
  {
    text: 'no puedo orinar desde ayer por la noche',
    lang: 'es',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  { text: 'llevo 12 horas sin hacer pis', lang: 'es', expect: 'urgent', sign: 'urinary_retention' },
  {
    text: 'tengo ganas de mear pero no me sale nada desde esta mañana',
    lang: 'es',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: 'mi padre no ha orinado en todo el dia y tiene la barriga hinchada',
    lang: 'es',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: 'desde anoche no meo nada y tengo la tripa a reventar',
    lang: 'es',
    expect: 'urgent',
    sign: 'urinary_retention',
  },

  // ── Ordinary: negations ──────────────────────────────────────────────────────────────────────
  {
    text: 'no tengo dolor en el pecho, solo queria confirmar la cita',
    lang: 'es',
    expect: 'ordinary',
  },
  { text: 'sin fiebre, la herida bien', lang: 'es', expect: 'ordinary' },
  { text: 'ni me ahogo ni nada, solo un poco de tos', lang: 'es', expect: 'ordinary' },
  { text: 'no me duele nada, estoy perfectamente', lang: 'es', expect: 'ordinary' },
  { text: 'hoy no he tenido fiebre, 36,8', lang: 'es', expect: 'ordinary', temperature: 36.8 },
  {
    text: 'no me he desmayado ni nada, solo me maree un poco al levantarme rapido',
    lang: 'es',
    expect: 'ordinary',
    note: 'Negated faint; brief light-headedness on standing.',
  },
  { text: 'la herida no esta roja ni supura, todo bien', lang: 'es', expect: 'ordinary' },

  // ── Ordinary: the same words in harmless use ─────────────────────────────────────────────────
  {
    text: 'me muero de hambre, puedo comer ya despues de la anestesia?',
    lang: 'es',
    expect: 'ordinary',
  },
  { text: 'me muero de ganas de volver a correr, cuando podre?', lang: 'es', expect: 'ordinary' },
  { text: 'cuanto tardan los resultados del analisis de sangre?', lang: 'es', expect: 'ordinary' },
  {
    text: 'tengo la tension un poco alta, 14/9, me tomo la pastilla igual?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'puedo comer pechuga de pollo a la plancha despues de la operacion?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'se me ha caido el movil al water jaja por eso no contestaba',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'se me cae muchisimo el pelo desde q tomo la medicacion nueva',
    lang: 'es',
    expect: 'ordinary',
  },
  { text: 'este calor me esta matando', lang: 'es', expect: 'ordinary' },
  {
    text: 'en este piso me ahogo de calor, no tenemos aire acondicionado jeje',
    lang: 'es',
    expect: 'ordinary',
    note: '"Me ahogo de calor" is a figure of speech here, said lightly.',
  },
  { text: 'me muero de sueño, las pastillas me dejan ko', lang: 'es', expect: 'ordinary' },
  {
    text: 'jajaja me muero de risa con el dibujo q le ha hecho mi nieto a la enfermera',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'esta mañana me sacaron sangre y me ha salido un moraton enorme',
    lang: 'es',
    expect: 'ordinary',
  },
  { text: 'casi me caigo de la silla cuando vi la factura jajaja', lang: 'es', expect: 'ordinary' },
  {
    text: 'tengo 38 años, puedo hacerme la prueba?',
    lang: 'es',
    expect: 'ordinary',
    note: '38 is an age, not a temperature.',
  },

  // ── Ordinary: mild complaints ────────────────────────────────────────────────────────────────
  { text: 'me duele un poco la barriga', lang: 'es', expect: 'ordinary' },
  { text: 'tengo un poquito de dolor de cabeza', lang: 'es', expect: 'ordinary' },
  { text: 'tengo 37,2, es normal?', lang: 'es', expect: 'ordinary', temperature: 37.2 },
  { text: 'me duele la rodilla un 3', lang: 'es', expect: 'ordinary', pain: 3 },
  { text: 'el dolor esta en un 5 mas o menos', lang: 'es', expect: 'ordinary', pain: 5 },
  { text: 'tengo algo de tos y mocos desde el finde', lang: 'es', expect: 'ordinary' },
  { text: 'me pica un poco la cicatriz', lang: 'es', expect: 'ordinary' },
  {
    text: 'la cicatriz esta un pelin roja pero mejor q ayer',
    lang: 'es',
    expect: 'ordinary',
    note: 'Slight redness that is improving; no heat, swelling or discharge.',
  },
  {
    text: 'un poco de sangre en el papel al limpiarme, tengo almorranas de toda la vida',
    lang: 'es',
    expect: 'ordinary',
    note: 'A small amount of known haemorrhoid bleeding, not bleeding in quantity.',
  },
  { text: 'estoy reventado del viaje pero bien', lang: 'es', expect: 'ordinary' },
  { text: 'm duele un pelin la garganta, nada mas', lang: 'es', expect: 'ordinary' },
  { text: 'toy mejor, ya casi no m duele', lang: 'es', expect: 'ordinary' },

  // ── Ordinary: history ────────────────────────────────────────────────────────────────────────
  {
    text: 'hace 5 años tuve un infarto pero ahora estoy bien, lo pongo en el formulario?',
    lang: 'es',
    expect: 'ordinary',
  },
  { text: 'mi padre tuvo un ictus en 2018, eso es hereditario?', lang: 'es', expect: 'ordinary' },
  {
    text: 'de pequeña tenia convulsiones con la fiebre, lo digo por si acaso',
    lang: 'es',
    expect: 'ordinary',
  },

  // ── Ordinary: hypothetical or informational questions ────────────────────────────────────────
  { text: '¿qué hago si me duele el pecho?', lang: 'es', expect: 'ordinary' },
  { text: 'que numero hay q llamar si es una urgencia?', lang: 'es', expect: 'ordinary' },
  {
    text: 'si me sube la fiebre despues de la operacion a quien llamo?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'es normal q la herida sangre un poquito al cambiar el aposito?',
    lang: 'es',
    expect: 'ordinary',
    note: 'A question about a little bleeding at dressing changes, not bleeding that will not stop.',
  },

  // ── Ordinary: appointments, medication, thanks, small talk ───────────────────────────────────
  { text: 'quiero cambiar la cita del jueves', lang: 'es', expect: 'ordinary' },
  { text: 'a q hora abris mañana?', lang: 'es', expect: 'ordinary' },
  {
    text: 'Buenos dias, les escribo de parte de mi madre, Dolores Garcia Ruiz, para pedir cita con el traumatologo. Muchas gracias',
    lang: 'es',
    expect: 'ordinary',
  },
  { text: 'el omeprazol me lo tomo antes o despues de desayunar?', lang: 'es', expect: 'ordinary' },
  { text: 'se me olvido la pastilla de anoche, me tomo dos hoy?', lang: 'es', expect: 'ordinary' },
  { text: 'puedo tomar paracetamol con el antibiotico', lang: 'es', expect: 'ordinary' },
  { text: 'MUCHAS GRACIAS POR TODO!!!', lang: 'es', expect: 'ordinary' },
  { text: 'ok', lang: 'es', expect: 'ordinary' },
  { text: 'vale perfecto, hasta mañana', lang: 'es', expect: 'ordinary' },
  { text: 'hola buenas', lang: 'es', expect: 'ordinary' },
  { text: 'la enfermera de ayer fue un amor, diselo de mi parte', lang: 'es', expect: 'ordinary' },
  { text: 'k tal, tengo q traer algo a la cita del martes?', lang: 'es', expect: 'ordinary' },
  { text: 'me podeis mandar el informe por email porfa', lang: 'es', expect: 'ordinary' },
];
