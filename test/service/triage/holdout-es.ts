/**
 * Held-out triage corpus, Spanish.
 *
 * Written without seeing the triage code or the development corpus (corpus-*.ts), so it measures
 * how the triage generalises to wording nobody tuned it on. Patient and relative messages typed
 * the way people in Spain type on a phone: typos, missing accents, slang, regional forms, third
 * parties, negations, idioms and long messages with the warning sign buried in the middle. Labels
 * follow corpus-types.ts; `pain` and `temperature` are set only when the message states them.
 */
import type { CorpusCase } from './corpus-types';

export const HOLDOUT_ES: readonly CorpusCase[] = [
  {
    text:
      'me aprieta el pecho como si tuviera un elefante sentao encima y se me va pal brazo ' +
      'izquierdo, sudando frio',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      'Mi padre dice q le duele aqui en medio del pecho y q le sube a la mandibula, tiene 78 ' +
      'años q hacemos??',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      'Buenas tardes, les escribo por lo de la cita del dia 14 que no se si sigue en pie ' +
      'porque me llamo una chica del centro y me dijo que a lo mejor la cambiaban, y bueno de ' +
      'paso les comento que desde hace media hora tengo como una losa en el pecho que no se me ' +
      'quita ni sentada y el brazo como dormido, ya me diran lo de la cita gracias',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
    note: 'Long admin message; the chest pressure with arm numbness is buried in the middle.',
  },
  {
    text: 'creo q me esta dando un infarto',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      'ezto e un dolor en el pesho mu fuerte que me tiene acojonao, me corre pa la quijá y pal ' +
      'hombro',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
  },
  {
    text:
      'tengo un pinchazo en el pecho q me atraviesa hasta la espalda, un 9 de 10, no se me ' +
      'pasa con nada',
    lang: 'es',
    expect: 'emergency',
    sign: 'chest_pain',
    pain: 9,
    note: 'Severe pain score, but the sign is chest pain, which makes it an emergency.',
  },
  {
    text: 'no puedo respirar bien, me ahogo al hablar, no termino ni una frase',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      'mi madre tiene los labios morados y respira fatal, hace un ruido como un silbido al ' +
      'coger aire',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'NO ME ENTRA EL AIRE. ni tumbado ni sentado. ayuda',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text:
      'Mi niño de 6 años respira muy deprisa y se le marcan las costillas al respirar, está ' +
      'boqueando como un pez',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'llevo toa la tarde que me farta el aire y ahora ya me ahogo hasta sentao sin hacer na',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'respiro como por una pajita, cada vez peor, tengo q parar entre palabra y palabra',
    lang: 'es',
    expect: 'emergency',
    sign: 'breathing_difficulty',
  },
  {
    text: 'ya no quiero seguir aqui, estaria mejor muerta y todos estarian mejor sin mi',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'me he tomado todas las pastillas de la caja de lorazepam hace un rato',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'ojala no despertarme mañana. lo digo en serio, no es una forma de hablar',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'buenas, necesito el justificante para el trabajo que me lo piden para el viernes, y ' +
      'bueno tambien queria decir que ultimamente no le veo sentido a nada, he ido guardando ' +
      'las pastillas y creo que este finde lo hago, si me lo podeis mandar por email mejor',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
    note: 'A plan and a stockpile of tablets buried inside an admin request.',
  },
  {
    text: 'mi hijo de 16 se esta haciendo cortes en los brazos con una cuchilla, lo acabo de ver',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text: 'a veces pienso en tirarme por el balcon y cada vez lo pienso mas',
    lang: 'es',
    expect: 'emergency',
    sign: 'suicidal_thoughts',
  },
  {
    text:
      'me sangra la nariz desde hace 40 minutos y no para, he gastado un paquete entero de ' +
      'pañuelos y sigue',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'he vomitado sangre, como posos de cafe y luego rojo rojo',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'llevo 2 dias haciendo caca negra como el alquitran y estoy mareadisimo',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'se me ha abierto la herida y sale sangre a chorro, ya he empapado 3 toallas',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
    note:
      'The wound has opened (urgent on its own), but bleeding that soaks towels is an ' +
      'emergency.',
  },
  {
    text:
      'tengo la regla y estoy empapando una compresa de noche cada hora, con cuajarones como ' +
      'mi mano',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text: 'toso y echo sangre roja, bastante, no son hilitos',
    lang: 'es',
    expect: 'emergency',
    sign: 'heavy_bleeding',
  },
  {
    text:
      'mi abuela de repente habla raro, arrastra las palabras y se le ha caido un lado de la ' +
      'boca',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'no siento el brazo ni la pierna derecha desde hace un rato, me ha venido de golpe',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      'mi marido no entiende lo que le digo y dice palabras sin sentido, hace 20 min estaba ' +
      'perfectamente',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'me he quedao ciego de un ojo de repente, como si bajaran una persiana',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text: 'al sonreir solo se me mueve medio lado de la cara y la mano izq no la puedo levantar',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
  },
  {
    text:
      'se me cae el cafe de la mano derecha, no tengo fuerza en ese lado y noto la boca como ' +
      'con anestesia del dentista',
    lang: 'es',
    expect: 'emergency',
    sign: 'stroke',
    note: 'Sudden one-sided weakness with facial numbness; no dentist visit.',
  },
  {
    text: 'mi padre se ha desmayado en el baño y no responde',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text:
      'la yaya se ha quedao en la silla y no hay manera ' +
      'de despertarla, la muevo y nada de nada',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'me he desmayao dos veces esta mañana',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'mi compañero se ha caido redondo al suelo y no abre los ojos',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
    note: 'A collapse, not a fall injury: he is unresponsive.',
  },
  {
    text:
      'he perdio el conocimiento un momento en la cola del super, dicen q me he ido al suelo ' +
      'sin mas',
    lang: 'es',
    expect: 'emergency',
    sign: 'unconsciousness',
  },
  {
    text: 'me pico una avispa y se me esta hinchando la lengua, me cuesta tragar',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'despues del antibiotico nuevo tengo los labios como morcillas y la garganta cerrada',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'el niño ha comido un bollo con cacahuete y se le esta hinchando toda la cara, los ojos ' +
      'ya casi no los abre',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'me tome el ibuprofeno y noto como si la garganta se me cerrara, me pica todo el cuerpo',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text:
      'a mi mujer le han puesto la vacuna hace 10 min y se le esta poniendo la cara como un ' +
      'globo, dice que no puede ni tragar saliva',
    lang: 'es',
    expect: 'emergency',
    sign: 'anaphylaxis',
  },
  {
    text: 'mi hija esta convulsionando, tiembla entera y no responde!!!',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text:
      'mi hermano es epileptico y le ha dado un ataque ahora, lleva ya un rato rigido y ' +
      'echando espuma',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text: 'el abuelo ha empezao a sacudirse entero en el sofa con los ojos en blanco',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
  },
  {
    text:
      'Hola, perdonad el rollo, es que mi sobrino de 3 años tiene fiebre desde ayer y ' +
      'estabamos con el dalsy y tal, y ahora de repente se ha puesto a temblar de brazos y ' +
      'piernas sin parar, con la mirada perdida, y no me contesta, que hago',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
    note:
      'Febrile convulsion described without the word; fever without a number, so no ' +
      'temperature.',
  },
  {
    text:
      'a mi chico le ha dado como un ataque, se ha caido al suelo dando sacudidas y se ha ' +
      'mordido la lengua, ahora esta atontao y no sabe ni donde esta',
    lang: 'es',
    expect: 'emergency',
    sign: 'seizure',
    note: 'A seizure that has just happened, with post-ictal confusion.',
  },
  {
    text: 'me operaron de la vesicula el martes y hoy tengo 38,6',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 38.6,
  },
  {
    text: 'tengo 38,3 desde anoche y tiritando',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    postOp: true,
    temperature: 38.3,
    note: 'Post-operative follow-up conversation; the message does not mention the operation.',
  },
  {
    text:
      'desde la operación de rodilla estoy con fiebre alta, ardiendo, y no encuentro el ' +
      'termometro',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
  },
  {
    text:
      'Hola soy la hija de Carmen Ruiz, a mi madre la operaron de cadera la semana pasada y ' +
      'hoy tiene 39 de fiebre',
    lang: 'es',
    expect: 'urgent',
    sign: 'post_op_fever',
    temperature: 39,
  },
  {
    text:
      'la cicatriz de la cesarea esta roja, caliente y me sale un liquido amarillento que ' +
      'huele mal',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'los puntos de la barriga estan hinchados y supuran',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      'se me ha abierto un cacho de la herida de la operacion, no sangra pero se ve lo de ' +
      'dentro',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
    note: 'Wound dehiscence without bleeding: urgent, not an emergency.',
  },
  {
    text: 'la herida huele a podrido y alrededor esta todo colorao y duro',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text:
      'Buenos dias, a ver si me podeis ayudar, que mi suegra esta en casa con nosotros desde ' +
      'que le dieron el alta de la protesis, ayer le curamos la herida como nos dijisteis pero ' +
      'hoy la venda tiene manchas verdosas y la piel de alrededor esta caliente y roja, y ella ' +
      'dice que esta bien pero yo no lo veo claro, ademas no quiere comer',
    lang: 'es',
    expect: 'urgent',
    sign: 'wound_infection',
  },
  {
    text: 'el dolor de la rodilla operada es de 9, no aguanto',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 9,
  },
  {
    text: 'dolor de riñones insoportable, el peor de mi vida, no me puedo ni mover',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text: 'me duele la tripa un diez, de verdad un diez',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 10,
  },
  {
    text: 'no aguanto mas el dolor de la cadera, es inhumano, ni con el nolotil se calma',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
  },
  {
    text: 'me hace un mal horroroso la herida, un 8, no puedo ni tumbarme',
    lang: 'es',
    expect: 'urgent',
    sign: 'severe_pain',
    pain: 8,
    note: 'Catalan-influenced Spanish ("me hace mal" = it hurts).',
  },
  {
    text:
      'mi madre se ha caido en la calle y tiene la muñeca torcida e hinchadisima, no la puede ' +
      'mover',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      'me he pegao un tortazo bajando la escalera y tengo una brecha en la ceja, ya casi no ' +
      'sangra',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
    note: 'Minor bleeding that is stopping: a fall injury, not heavy bleeding.',
  },
  {
    text: 'el abuelo se ha caído de la cama y se queja de la cadera, no puede apoyar la pierna',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      'Mama se ha escurrido en la ducha y se ha dado con el borde en la cabeza, tiene un ' +
      'chichon enorme y una herida, pero esta consciente y habla normal',
    lang: 'es',
    expect: 'urgent',
    sign: 'fall_injury',
  },
  {
    text:
      'desde la operacion no he hecho pis, van ya como 12 horas y tengo la barriga como un ' +
      'bombo',
    lang: 'es',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: 'mi padre no orina desde ayer por la noche y se queja del bajo vientre',
    lang: 'es',
    expect: 'urgent',
    sign: 'urinary_retention',
  },
  {
    text: 'me muero de ganas de que me quiten los puntos jajaja',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'esta tos me esta matando, no me deja dormir, pero por lo demas bien',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'para el analisis de sangre tengo que ir en ayunas?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'la tension me ha dado 13/8 esta mañana, esta bien?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'no tengo dolor en el pecho ni nada eh, solo queria confirmar la cita del jueves',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'se me cayo el movil al vater y por eso no contestaba, perdon',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'Si algun dia me diera un dolor fuerte en el pecho, llamo al 112 o os llamo a vosotros?',
    lang: 'es',
    expect: 'ordinary',
    note: 'Hypothetical question; no symptom now.',
  },
  {
    text: 'hace 5 años tuve un infarto, lo pongo por si lo necesitais para el historial',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'me ahogo de calor en esta casa, el aire acondicionado esta roto desde el lunes',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'el dolor esta en un 3, mucho mejor que ayer',
    lang: 'es',
    expect: 'ordinary',
    pain: 3,
  },
  {
    text: 'tengo 37,2, es normal despues de la operacion?',
    lang: 'es',
    expect: 'ordinary',
    temperature: 37.2,
    note: 'Post-operative but below 38 °C.',
  },
  {
    text: 'Gracias por todo, de corazón. Sois unos soles',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'a q hora abris mañana?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'puedo tomar paracetamol con el sintrom?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'me he caido esta mañana en el pasillo pero no me he hecho nada, solo el susto',
    lang: 'es',
    expect: 'ordinary',
    note: 'A fall without any injury.',
  },
  {
    text: 'la herida esta bien, un poquito rosada por los bordes pero seca y sin pus',
    lang: 'es',
    expect: 'ordinary',
    note: 'Normal healing edges; no heat, swelling or discharge.',
  },
  {
    text:
      'me dio un mareillo al levantarme rapido del sofa pero se me paso enseguida, no llegue a ' +
      'perder el conocimiento',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'estoy tristona porque se murio mi perro la semana pasada, pero bien, es lo normal ' +
      'supongo',
    lang: 'es',
    expect: 'ordinary',
    note: 'Grief without any wish to die.',
  },
  {
    text:
      'la niña se ha hecho un cortecito con un folio, le sale un poquito de sangre, le pongo ' +
      'tirita y ya?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'cuando me dan los resultados del electro del corazon?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'me pincho la heparina y me salen moratones en la barriga, es normal?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'me pica un poco la cicatriz, es normal que pique al curar?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'me duele un poco la garganta y tengo mocos desde el lunes',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'las pastillas de la tension las tomo por la mañana o por la noche?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'mi madre tuvo un ictus hace 3 años y quiere pedir cita para la revision',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'el chaval se ha caido jugando al futbol pero ni un rasguño, puede ir a entrenar mañana?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'estoy cagada de miedo por la operacion del jueves, es normal estar asi de nerviosa?',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'no he vuelto a tener fiebre desde el viernes 👍',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'Perdone, la receta del omeprazol me caduca, me la pueden renovar',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'tengo la pierna dormida de estar tanto rato sentada con las piernas cruzadas en la sala ' +
      'de espera jaja',
    lang: 'es',
    expect: 'ordinary',
    note: 'Positional pins and needles, not one-sided weakness.',
  },
  {
    text: 'me tome la pastilla del enalapril dos veces sin querer, pasa algo?',
    lang: 'es',
    expect: 'ordinary',
    note: 'Accidental double dose, not an overdose with intent; a medication question.',
  },
  {
    text:
      'Hola buenas, soy Paqui la mujer de Antonio, que os queria decir que ya esta mucho ' +
      'mejor, come bien, duerme del tiron, la herida cerradita, el otro dia se agobio un poco ' +
      'porque leyo en internet lo de los infartos y las embolias pero no tiene nada de eso eh, ' +
      'es que es muy aprensivo, bueno que cuando le toca la proxima revision',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'bon dia, queria saber si ya me puedo duchar con los puntos o tengo que esperar, es que ' +
      'fa una calor...',
    lang: 'es',
    expect: 'ordinary',
    note: 'Catalan-Spanish mix.',
  },
  {
    text: 'mi marido ronca tanto que parece que se ahoga jaja, eso se puede mirar?',
    lang: 'es',
    expect: 'ordinary',
    note: 'Long-standing snoring question, not acute breathing difficulty.',
  },
  {
    text:
      'se me ha dormido media cara en el dentista y todavia no se me ha pasado la anestesia, ' +
      'es normal?',
    lang: 'es',
    expect: 'ordinary',
    note: 'Numbness from dental anaesthetic, not a stroke.',
  },
  {
    text: 'me cago en todo, otra vez me han cambiado la cita, asi no hay quien se organice',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text: 'tengo el corazon en un puño hasta que me den los resultados de la biopsia',
    lang: 'es',
    expect: 'ordinary',
  },
  {
    text:
      'mi hijo se ha comido un yogur de fresa y le han salido dos granitos alrededor de la ' +
      'boca, nada mas, esta jugando tan normal',
    lang: 'es',
    expect: 'ordinary',
    note: 'Minor local reaction; no swelling of lips, tongue or throat.',
  },
];
