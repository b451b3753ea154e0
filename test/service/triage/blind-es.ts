import type { CorpusCase } from './corpus-types';

/**
 * Blind evaluation corpus (Spanish). Written without seeing the triage code, its lexicon or the
 * other corpora, to measure how the triage generalises to wording nobody has tuned it on.
 *
 * Three kinds of text, in this order: chat messages; answers to free-text questions in forms
 * (such as "¿Algo más que quiera contarnos?"); and turns of automated phone calls, transcribed as
 * spoken.
 * Ordinary texts are deliberately hard: denials, idioms, harmless uses of alarming words, mild or
 * resolved complaints, history, hypothetical questions and relatives who are fine.
 */
export const BLIND_ES: readonly CorpusCase[] = [
  // Chat messages
  {
    text:
      'llevo media hora como con un ladrillo encima del pecho, me suda la frente y el ' +
      'brazo izquierdo lo noto dormido. estoy solo en casa, igual son gases no?',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
    note:
      'Understated ("igual son gases"), but crushing chest pain with sweating and arm ' +
      'numbness.',
  },
  {
    text:
      'Buenas, mi padre (78) dice que le arde el estomago pero se agarra el pecho con la ' +
      'mano, esta palido y sudando a chorros. Dice que es la cena y que no llamemos a ' +
      'nadie, que hago',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
    note:
      '"Burning stomach" while holding the chest, pale and sweating, in an older man: ' +
      'treated as cardiac chest pain.',
  },
  {
    text:
      'no puedo acabar una frase sin parar a coger aire, el ventolin no me hace nada y ' +
      'tengo los labios moraos',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      'ay mi niño, la chiquita de 2 años respira rapidisimo, se le hunden las costillitas ' +
      'cada vez que coge aire y hace como un quejidito. Esta mañana solo tenia mocos',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
    note:
      'Canarian "mi niño" addresses the reader; the patient is a toddler with recession ' +
      'and grunting.',
  },
  {
    text:
      'ya he decidido que esta noche me tomo todas las pastillas que me sobraron de mi ' +
      'madre. solo queria dar las gracias a la doctora por intentarlo, no le digan nada a ' +
      'mi hermana',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'He regalado la moto y la guitarra y les he escrito una carta a mis hijos. No quiero ' +
      'seguir aquí y ya tengo pensado cómo. Perdón por escribir esto por aquí',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'me he cortao con la radial en el muslo y sale a borbotones, he puesto 3 trapos y se ' +
      'empapan todos, estoy mareao',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text:
      'di a luz hace 5 dias y desde esta mañana echo coagulos como puños, cambio la ' +
      'compresa cada media hora y si me levanto se me nubla todo',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
    note: 'Postpartum haemorrhage.',
  },
  {
    text:
      'mi abuela de repente no encuentra las palabras, dice cosas sin sentido y se le ha ' +
      'caido el vaso de la mano derecha. hace 20 minutos estaba perfectamente haciendo el ' +
      'crucigrama',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      'Hola buenas, escribo para cambiar la cita del dentista del jueves porque al final ' +
      'me coincide con la comunión de mi sobrino, ya sabe cómo son estas cosas, y de paso ' +
      'comentar que desde la hora de comer no puedo mover bien la pierna derecha y se me ' +
      'traba la lengua al hablar, mi mujer dice que hablo raro. Gracias y perdone las ' +
      'molestias',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
    note: 'Sign buried after an appointment request: sudden leg weakness and slurred speech.',
  },
  {
    text:
      'mi marido se ha caido redondo en la cocina y no contesta, respira pero no abre los ' +
      'ojos aunque le grito y le muevo',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text:
      'me he comido un pastel que llevaba nueces sin saberlo y se me esta cerrando la ' +
      'garganta, tengo ronchas por todo el cuerpo y la lengua gorda',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'Me tomé la primera pastilla de amoxicilina hace veinte minutos y ahora me pica ' +
      'todo, tengo los párpados como dos pelotas y me cuesta tragar la saliva',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'mi hijo esta en el suelo temblando entero con los ojos en blanco y echando espuma ' +
      'por la boca, no para, lleva como 4 minutos!!!',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text:
      'buenas soy la cuidadora de señora Pilar, ella tiene sacudidas muy fuertes en brazos ' +
      'y piernas, no responde a mi, se ha mordido la lengua. nunca antes pasado esto',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
    note: 'Carer writing in a second language; a first seizure, ongoing.',
  },
  {
    text: 'Me quitaron la vesícula el martes y hoy tengo 38,6 con tiritona, ¿es normal?',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.6,
  },
  {
    text:
      'la herida de la cesarea esta roja y ardiendo alrededor, y esta mañana al quitarme ' +
      'el aposito ha salido un liquido amarillento que huele fatal',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      'el dolor de la rodilla operada es un 9, no me deja ni dormir ni apoyar el pie, y el ' +
      'nolotil no me hace nada',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 9,
  },
  {
    text:
      'Mi madre se ha resbalado en el baño y tiene la muñeca torcida como un tenedor y ' +
      'hinchadísima. No se dio en la cabeza. Ella dice que no vayamos a molestar',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
    note: 'Deformed, swollen wrist after a fall: probable fracture.',
  },
  {
    text:
      'desde que me quitaron la sonda ayer no he podido hacer pis nada, tengo la barriga ' +
      'dura como un balon y ganas todo el rato',
    lang: 'es',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text:
      'Tengo un cólico de riñón, lo reconozco porque ya tuve uno hace años, y es el peor ' +
      'dolor que he tenido en mi vida. No paro quieto ni un segundo',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text:
      'quillo me he caio con la moto, paraito casi, y el tobillo se me ha puesto morao y ' +
      'gordo como una berenjena, no puedo pisar. la cabeza bien, llevaba casco',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      'Hola, queria saber si puedo tomar ibuprofeno con el sintrom. No me pasa nada, es ' +
      'por si acaso en el viaje',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'me muero de ganas de que me den el alta para ir a la boda de mi hija jajaja, ' +
      '¿cuándo me toca la revisión?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'No tengo dolor en el pecho ni nada raro, solo que el cardiólogo me pidió que ' +
      'mandara las cifras de tensión: esta mañana 132/84.',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'Ayer por la tarde me dio un pequeño mareo al levantarme rapido del sofa, me sente y ' +
      'a los dos segundos bien. Hoy perfecta, lo comento por si acaso',
    lang: 'es',
    expect: 'ordinary',
    note: 'Brief dizziness on standing, resolved, no loss of consciousness.',
  },
  {
    text:
      'Mi hijo tuvo una convulsión con fiebre cuando tenía 1 año, ahora tiene 6 y está ' +
      'estupendo. ¿Hace falta ponerlo en la ficha del comedor?',
    lang: 'es',
    expect: 'ordinary',
    note: 'History only.',
  },
  {
    text:
      'se me ha caido la costra de la herida del lunar y han salido dos gotitas de sangre, ' +
      'ya esta seca. la dejo al aire o le pongo tirita?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'Tengo que renovar la receta del inhalador, que me quedan pocas dosis. Respiro bien, ' +
      'es solo para no quedarme sin él en agosto',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'Ayer vi en la tele un reportaje de un chico de 35 años al que le dio un ictus y me ' +
      'entró el agobio. ¿Cuáles son los síntomas para estar atenta? Yo estoy bien',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      '¿Para el análisis de sangre del viernes tengo que ir en ayunas? Y otra cosa, ' +
      'necesito el justificante para el trabajo',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'la fiebre de despues de la operacion ya se me ha ido, esta mañana 36,8. Solo queria ' +
      'decirlo, gracias por todo',
    lang: 'es',
    expect: 'ordinary',
    temperature: 36.8,
  },
  {
    text: 'ME VA A DAR UN INFARTO con la factura de la ortodoncia 😅 ¿se puede pagar a plazos?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'tio el examen de mates me ha dejao muerto, literal. puedo cambiar la cita del ' +
      'martes q tengo la recu?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'Mi madre se cayó ayer en el pasillo pero ni un rasguño, se levantó sola y está como ' +
      'una rosa. ¿Le podemos pedir lo de la teleasistencia?',
    lang: 'es',
    expect: 'ordinary',
    note: 'A fall without any injury.',
  },
  {
    text:
      'El dolor de espalda va mucho mejor, hoy diría un 3. ¿Sigo con el paracetamol o lo ' +
      'dejo?',
    lang: 'es',
    expect: 'ordinary',
    pain: 3,
  },
  {
    text:
      'A mi hija le ha sangrado la nariz jugando al balón, le hemos apretado diez minutos ' +
      'y ya ha parado. ¿Hay que hacer algo más?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'Hola, soy inglesa y mi español no es perfecto. Necesito cambiar mi medico de ' +
      'cabecera a uno que habla ingles si es posible. Estoy bien de salud',
    lang: 'es',
    expect: 'ordinary',
  },
  // Free-text answers in forms
  {
    text:
      'Sí. Desde que he empezado a rellenar esto me está apretando el pecho cada vez más, ' +
      'como un cinturón, y me sube hasta la mandíbula. Igual no es nada.',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      'Que desde anoche me ahogo al tumbarme, he dormido sentada en el sillón y hoy ni ' +
      'sentada, me falta el aire solo de hablar',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      'Nada más. Bueno, que últimamente pienso que estarían todos mejor sin mí y ya sé ' +
      'cómo lo haría.',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'Esta tarde he vomitado sangre roja dos veces, bastante cantidad, y me noto muy ' +
      'flojo y mareado al ponerme de pie.',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text:
      'En el desayuno mi marido hablaba arrastrando las palabras y no podía levantar el ' +
      'brazo izquierdo. Se le ha pasado un poco pero no del todo.',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
    note: 'The deficit is improving but still there: not a resolved episode.',
  },
  {
    text:
      'Me ha picado una abeja en el huerto hace un rato y se me está hinchando la cara, ' +
      'tengo pitos al respirar y me estoy mareando. Soy alérgica.',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'Lo relleno yo, su hija. Mi aita lleva desde la siesta que no hay manera de ' +
      'despertarlo, le muevo y solo ronca. Es diabético.',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
    note: '"Aita" (Basque: father). Unrousable, not asleep.',
  },
  {
    text: 'Pues esta noche he tenido 38,3 y escalofríos, y hoy sigo igual.',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 38.3,
    note: 'Answer in a post-operative follow-up form; the operation is not mentioned.',
  },
  {
    text:
      'Los puntos de la rodilla supuran desde ayer, un pus espeso, y la piel se ha puesto ' +
      'roja hasta media pierna.',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      'Mi padre (próstata) lleva desde la cena de ayer sin poder orinar, solo unas gotas, ' +
      'y se queja mucho de la tripa de abajo.',
    lang: 'es',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text:
      'No, nada más. Bueno sí, que el otro día salió en las noticias que un chaval se ' +
      'desmayó en un instituto de Murcia y me acordé de ustedes. Por aquí todo bien.',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'Tuve un infarto en 2015 y llevo un stent. Lo pongo porque nunca sé si lo tienen en ' +
      'el historial. Ahora me encuentro bien.',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'Me gustaría que la próxima cita fuera por la tarde, que trabajo de mañanas en el ' +
      'mercado.',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'Dolor: un 2 cuando hago esfuerzo, nada en reposo. La cicatriz está bien.',
    lang: 'es',
    expect: 'ordinary',
    pain: 2,
  },
  {
    text:
      'Soy alérgico a la penicilina (de pequeño me salieron ronchas). No sé si lo tienen ' +
      'apuntado.',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'A veces me agobio y me cuesta respirar cuando tengo exámenes, pero se me pasa en ' +
      'cuanto salgo. No es ahora, es en general.',
    lang: 'es',
    expect: 'ordinary',
    note: 'Recurring exam anxiety, not happening now.',
  },
  {
    text: 'no se que poner. estoy bien, un poco harta de tanto papeleo con la mutua',
    lang: 'es',
    expect: 'ordinary',
  },
  // Phone-call turns, transcribed
  {
    text:
      'sí, eh, pues mire, es que desde hace un rato tengo un dolor aquí en el pecho, en el ' +
      'centro, que es como, como si me lo estrujaran, y me baja por el brazo, por este ' +
      'brazo, y estoy sudando, estoy sudando mucho',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      'es mi mujer, es que no... no puede respirar, está, está sentada en la cama así, con ' +
      'la boca abierta, y no le entra el aire, no le entra, eh, ¿qué hago?',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      'bueno, pues, no sé, eh, que no tengo ganas de nada, y que, que a veces pienso en ' +
      'tirarme, ¿sabe?, por la ventana, y hoy lo pienso más, más que otros días, eso',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'eh, sí, mire, que me he cortado la muñeca con un vaso roto, sin querer, eh, ' +
      'fregando, y sale mucha sangre, mucha, ya he empapado un paño de cocina y sigue, ' +
      'sigue saliendo',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text:
      'pues mi madre, eh, que está rara, que le hablo y me contesta cosas que no, que no ' +
      'tienen nada que ver, y tiene la boca así, torcida, para un lado, y ha sido de ' +
      'golpe, hace nada',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      'oiga, oiga, que mi hermano se ha desmayado, está en el suelo y no responde, no ' +
      'responde, le he dado en la cara y nada, eh, sí, respira, creo que respira',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text:
      'eh, bueno, es que he comido gambas en una boda y, y ahora tengo la cara, los ' +
      'labios, todo hinchado, y me pica la garganta, como que se me cierra, y me cuesta ' +
      'tragar',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'mi marido, que es epiléptico, eh, le ha dado un ataque y ya lleva, pues lleva más ' +
      'de cinco minutos así, temblando, y no se le pasa, no se le pasa',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
    note: 'Known epilepsy, but a seizure lasting over five minutes.',
  },
  {
    text:
      'pues, eh, que me he caído, bueno, me he caído esta mañana en la calle, en un ' +
      'bordillo, y la cadera, la cadera me duele mucho y no, no me puedo poner de pie ' +
      'sola, me ha subido la vecina',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
    note: 'Older person, hip pain and cannot stand after a fall: probable fracture.',
  },
  {
    text:
      'es que el dolor, eh, de la espalda, pues hoy es, si le tengo que poner número, un ' +
      'diez, un diez, no me puedo ni mover de la cama',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 10,
  },
  {
    text:
      'sí, bueno, lo de la operación bien, pero tengo fiebre, eh, pues treinta y ocho y ' +
      'medio esta mañana y ahora creo que más',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.5,
  },
  {
    text:
      'la herida, pues... eh, que huele, huele mal, y tiene como, como pus, amarillo, y ' +
      'está muy roja alrededor, muy roja',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      'pues que no puedo orinar, que tengo ganas, muchas ganas, y voy al baño y nada, ' +
      'nada, desde esta mañana, y me duele aquí abajo, en la vejiga',
    lang: 'es',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text:
      'eh, no, no, dolor ninguno, eh, bueno, si acaso un uno, un uno, lo normal, y la ' +
      'herida muy bien, sequita',
    lang: 'es',
    expect: 'ordinary',
    pain: 1,
  },
  {
    text:
      'pues bien, bien, mire, lo único, eh, la fiebre, que tuve treinta y siete y dos ' +
      'ayer, pero hoy nada, hoy normal',
    lang: 'es',
    expect: 'ordinary',
    postOp: true,
    temperature: 37.2,
    note: 'Post-operative call, but 37.2 and already gone.',
  },
  {
    text:
      'ay, pues mire, yo bien, el que me mata es mi yerno, ja ja, que no para de llamar, ' +
      'pero de salud bien, bien, gracias',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'eh, quería preguntar, eh, por las pastillas, las de la tensión, que si me las tomo ' +
      'por la mañana o por la noche, porque el otro médico me dijo por la noche',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'no, mi madre está bien, se cayó el mes pasado, eh, pero ya está, ya anda con su ' +
      'bastón y todo, no se hizo nada, nada',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'eh, pues, me falta el... el papel ese, el informe, para el seguro, ¿me lo pueden ' +
      'mandar por correo? por el correo electrónico digo',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'eh, bueno, que ayer me desmayé, no, no, de risa, de risa con mi nieto, ja ja, ' +
      'carallo, no, estoy bien, estoy muy bien',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'pues eh, quería preguntar una cosa, eh, ¿se sangra mucho en las cataratas? es que ' +
      'me opero en mayo y mi vecina me ha metido miedo',
    lang: 'es',
    expect: 'ordinary',
  },
];
