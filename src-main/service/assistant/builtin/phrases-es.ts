import type { PhraseBank } from './phrases';

/** Spanish. `{tú|usted}` choices follow the register the context asks for (usted by default). */
export const PHRASES_ES: PhraseBank = {
  greeting: [
    'Hola, {name}. {Te|Le} escribe el asistente virtual de {clinic}.',
    'Buenos días, {name}. Soy el asistente virtual de {clinic}.',
    'Hola, {name}, ¿qué tal? {Te|Le} saluda el asistente virtual de {clinic}.',
  ],
  intro: {
    post_op: [
      'Quería saber cómo va {tu|su} recuperación después de la intervención.',
      'Hacemos un seguimiento de los días posteriores a {tu|su} operación y me gustaría hacer{te|le} unas preguntas breves.',
    ],
    medication: [
      'Quería comentar{te|le} cómo {te|le} va con la medicación.',
      'Hacemos un seguimiento del tratamiento y me gustaría saber cómo {lo llevas|lo lleva}.',
    ],
    appointment: [
      '{Te|Le} escribo por {tu|su} próxima cita en la clínica.',
      'Quería recordar{te|le} {tu|su} próxima visita y resolver cualquier duda.',
    ],
    check_in: [
      'Quería saber cómo {te encuentras|se encuentra} estos días.',
      'Hacemos un seguimiento rutinario y me gustaría saber cómo {estás|está}.',
    ],
  },
  firstQuestionLead: ['Para empezar:', 'Primero,', ''],
  questions: {
    wellbeing: ['¿Cómo {te encuentras|se encuentra} hoy?', '¿Qué tal {estás|está} estos días?'],
    pain: [
      'del 0 al 10, ¿cuánto dolor {tienes|tiene} ahora mismo?',
      '¿cuánto dolor {notas|nota}, en una escala del 0 (nada) al 10 (el peor imaginable)?',
      'si {tuvieras|tuviera} que puntuar {tu|su} dolor del 0 al 10, ¿qué número {le darías|le daría}?',
    ],
    fever: [
      '¿{Has|Ha} tenido fiebre, es decir, 38 °C o más?',
      '¿{Te has|Se ha} tomado la temperatura? ¿Ha pasado de 38 °C?',
    ],
    wound: [
      '¿Cómo {ves|ve} la herida? ¿Sangra, está roja, hinchada o supura?',
      '¿Qué aspecto tiene la herida? Me interesa saber si sangra, si está enrojecida o si supura.',
    ],
    medication: [
      '¿{Estás tomando|Está tomando} la medicación tal como {te|se la} pautaron?',
      '¿{Has podido|Ha podido} tomar todas las dosis de la medicación estos días?',
    ],
    side_effects: [
      '¿{Has notado|Ha notado} algún efecto secundario, como náuseas, mareo o erupciones en la piel?',
      '¿{Te|Le} ha sentado bien? ¿Algún efecto secundario, como náuseas, mareos o picor?',
    ],
    supply: [
      '¿{Tienes|Tiene} medicación suficiente hasta la próxima receta?',
      '¿{Te|Le} queda medicación para las próximas semanas?',
    ],
    attendance: [
      '¿{Podrás|Podrá} venir a la cita? Basta con que {me respondas|me responda} sí o no.',
      '¿{Me confirmas|Me confirma} que {vendrás|vendrá} a la cita?',
    ],
    preparation: [
      '¿{Tienes|Tiene} alguna duda sobre cómo prepararse para la visita (ayuno, informes que traer…)?',
      '¿Hay algo de la preparación de la visita que no {tengas|tenga} claro?',
    ],
    symptoms: [
      '¿{Has notado|Ha notado} algún síntoma nuevo desde la última visita?',
      '¿Ha aparecido algún síntoma nuevo estos días?',
    ],
    questions: [
      '¿Hay algo más que {quieras|quiera} que sepa el equipo?',
      'Por último, ¿{quieres|quiere} comentar algo más al equipo médico?',
    ],
  },
  reask: {
    wellbeing: ['{Perdona|Perdone}, no lo he entendido bien. ¿{Estás|Está} bien, regular o mal?'],
    pain: [
      '{Perdona|Perdone}, no lo he entendido. ¿Me {dices|dice} un número del 0 (nada) al 10 (máximo)?',
      'Para anotarlo bien necesito un número: del 0 al 10, ¿cuánto {te|le} duele?',
    ],
    fever: ['{Disculpa|Disculpe}, ¿{has|ha} tenido fiebre: sí o no?'],
    wound: ['¿{Podrías|Podría} decirme si la herida sangra, está roja o está bien?'],
    medication: ['Para que quede claro: ¿{tomas|toma} la medicación todos los días, sí o no?'],
    side_effects: ['¿Algún efecto secundario, sí o no? Si es que sí, ¿cuál?'],
    supply: ['¿{Te|Le} queda medicación suficiente, sí o no?'],
    attendance: ['{Perdona|Perdone}, ¿{vendrás|vendrá} a la cita, sí o no?'],
    preparation: ['¿{Tienes|Tiene} alguna duda sobre la preparación, sí o no?'],
    symptoms: ['¿Ha aparecido algún síntoma nuevo, sí o no?'],
    questions: ['¿Algo más que {quieras|quiera} añadir?'],
  },
  moveOn: [
    'No {te preocupes|se preocupe}, lo dejo anotado así y seguimos.',
    'De acuerdo, sigamos.',
  ],
  next: ['', 'Ahora,', 'Otra cosa:', 'Siguiente pregunta:'],
  ack: {
    wellbeing: {
      good: ['Me alegra leerlo.', '¡Qué bien!', 'Estupendo.'],
      bad: [
        'Siento que no {estés|esté} bien del todo.',
        'Vaya, lamento oírlo. Lo tendré en cuenta.',
      ],
    },
    pain: {
      none: ['Me alegra que no {tengas|tenga} dolor.', 'Perfecto, sin dolor.'],
      mild: ['Un {n} sobre 10 es un dolor leve; lo anoto.', 'Entendido, un {n}/10: dolor leve.'],
      moderate: [
        'Un {n} sobre 10 es un dolor moderado; lo anoto para que lo vea el equipo.',
        'Anotado: dolor de {n}/10.',
      ],
      severe: ['Un dolor de {n} sobre 10 es intenso.', 'Entiendo, {n} sobre 10 es mucho dolor.'],
    },
    fever: {
      no: ['Bien, sin fiebre.', 'Perfecto, nada de fiebre.'],
      yes: [
        'Gracias por decírmelo; la fiebre hay que tenerla en cuenta.',
        'Anoto que {has|ha} tenido fiebre.',
      ],
      temperature: ['Anoto {t} °C.', 'De acuerdo, {t} °C.'],
    },
    wound: {
      fine: [
        'Me alegra que la herida tenga buen aspecto.',
        'Bien, la herida evoluciona sin problemas.',
      ],
      bleeding: [
        'Anoto que la herida ha sangrado.',
        'Gracias, que la herida sangre es algo que el equipo debe saber.',
      ],
      changes: [
        'Gracias por contármelo; esos cambios en la herida conviene que los valore el equipo.',
        'Anoto los cambios en la herida.',
      ],
    },
    medication: {
      taken: [
        'Muy bien, así es como funciona mejor el tratamiento.',
        'Perfecto, lo anoto.',
        '¡Bien hecho!',
      ],
      missed: [
        'Gracias por {tu|su} sinceridad; le pasa a mucha gente. Lo anoto.',
        'Entendido, lo anoto para el equipo.',
      ],
    },
    sideEffects: {
      none: ['Bien, sin efectos secundarios.', 'Me alegro de que {te|le} siente bien.'],
      some: ['Anoto: {list}.', 'Gracias; dejo anotado {list} para que lo revise el equipo.'],
    },
    supply: {
      enough: ['Perfecto.', 'Bien, entonces no hay prisa con la receta.'],
      short: [
        'De acuerdo; aviso al equipo para que {tengas|tenga} la receta a tiempo.',
        'Lo anoto para que {te|le} renueven la receta.',
      ],
    },
    attendance: {
      yes: ['¡Perfecto! {Te|Le} esperamos.', 'Estupendo, queda confirmada.'],
      no: [
        'De acuerdo; aviso a recepción para que {te|le} propongan otra fecha.',
        'Sin problema, el equipo {te|le} contactará para buscar otro día.',
      ],
    },
    preparation: {
      clear: ['Muy bien.', 'Perfecto, entonces todo claro.'],
      question: [
        'Traslado {tu|su} duda al equipo, que {te|le} responderá.',
        'Anoto la duda para que {te|le} respondan.',
      ],
    },
    symptoms: {
      none: ['Bien, nada nuevo.', 'Me alegro.'],
      some: ['Lo anoto para el equipo.', 'Gracias por contármelo; lo dejo anotado.'],
    },
    questions: {
      none: [''],
      noted: ['Lo anoto tal cual para el equipo.', 'De acuerdo, se lo haré llegar.'],
    },
  },
  teamAlert: [
    'Se lo paso al equipo de enfermería para que {te|le} llamen hoy.',
    'Aviso al equipo para que {se pongan en contacto contigo|se pongan en contacto con usted} hoy mismo.',
  ],
  noAdvice: [
    'No puedo dar{te|le} un diagnóstico ni consejo médico por aquí, pero traslado {tu|su} pregunta al equipo, que {te|le} responderá.',
    'Esa pregunta la debe responder {tu|su} médico: yo no puedo diagnosticar. La paso al equipo para que {te|le} contesten.',
  ],
  closing: [
    'Muchas gracias, {name}. Esto es lo que trasladaré al equipo: {summary}. Si algo cambia, {escríbeme|escríbame} por aquí; ante una urgencia, {llama|llame} al 112.',
    'Gracias por {tu|su} tiempo, {name}. Resumo para el equipo: {summary}. {Cuídate|Cuídese}, y si {notas|nota} algo nuevo, {escríbenos|escríbanos}.',
  ],
  afterDone: {
    thanks: [
      '¡A {ti|usted}! Que {tengas|tenga} un buen día.',
      'De nada, {name}. {Cuídate|Cuídese}.',
    ],
    nothing: [
      'Perfecto. Que {tengas|tenga} un buen día, {name}.',
      'De acuerdo. {Cuídate|Cuídese} mucho, {name}.',
    ],
    question: [
      'Traslado {tu|su} pregunta al equipo; {te|le} responderán lo antes posible.',
      'La anoto para el equipo médico, que {te|le} contestará.',
    ],
    generic: [
      'Anotado. ¿Hay algo más en lo que pueda ayudar{te|le}?',
      'Lo dejo anotado para el equipo. ¿Algo más?',
    ],
  },
  redFlag: {
    chest_pain: [
      '{name}, un dolor en el pecho puede ser una urgencia. {Llama|Llame} ahora al 112 o {acude|acuda} al servicio de urgencias más cercano; no {esperes|espere} a ver si se pasa.',
    ],
    breathing_difficulty: [
      '{name}, la dificultad para respirar es una urgencia. {Llama|Llame} ahora mismo al 112 o {acude|acuda} a urgencias.',
    ],
    suicidal_thoughts: [
      '{name}, siento mucho que {te sientas|se sienta} así, y me alegra que lo {hayas|haya} escrito. Hay ayuda: si {piensas|piensa} en hacer{te|se} daño, {llama|llame} ahora al 024 (atención a la conducta suicida, gratuito, 24 horas) o al 112 si {estás|está} en peligro inmediato.',
    ],
    heavy_bleeding: [
      '{name}, un sangrado abundante es una urgencia. {Presiona|Presione} con fuerza la zona con una gasa o un paño limpio y {llama|llame} ahora al 112 o {acude|acuda} a urgencias.',
    ],
    stroke: [
      '{name}, la cara torcida, la debilidad de un lado del cuerpo, la dificultad para hablar o perder la vista de repente pueden ser un ictus. {Llama|Llame} ahora mismo al 112 y {apunta|apunte} la hora en que empezó: cada minuto cuenta.',
    ],
    unconsciousness: [
      '{name}, una pérdida de conocimiento es una urgencia. {Llama|Llame} ahora al 112. Si la persona no responde pero respira, {ponla|póngala} de lado y no le {des|dé} nada de comer ni de beber.',
    ],
    anaphylaxis: [
      '{name}, la hinchazón de la garganta, la lengua, los labios o la cara, o no poder tragar, puede ser una reacción alérgica grave. {Llama|Llame} ahora al 112; si {tienes|tiene} un autoinyector de adrenalina, {úsalo|úselo} ya.',
    ],
    seizure: [
      '{name}, una convulsión es una urgencia. {Llama|Llame} ahora al 112. No {sujetes|sujete} a la persona ni le {pongas|ponga} nada en la boca; {aparta|aparte} lo que pueda golpearla y, cuando pare, {ponla|póngala} de lado.',
    ],
  },
  urgent: {
    post_op_fever: [
      'La fiebre después de una operación hay que valorarla hoy. Aviso ahora al equipo de enfermería para que {te|le} llame hoy mismo; si {empeoras|empeora} antes, {acude|acuda} a urgencias.',
    ],
    wound_infection: [
      'Lo que {cuentas|cuenta} de la herida debe verlo hoy una enfermera: aviso ahora al equipo para que {te|le} llame hoy mismo. Mientras, {mantenla|manténgala} limpia y tapada.',
    ],
    severe_pain: [
      'Un dolor así no debe esperar. Aviso ahora al equipo para que {te|le} llame hoy mismo; si no {puedes|puede} aguantar hasta entonces, {acude|acuda} a urgencias.',
    ],
    fall_injury: [
      'Después de una caída con un golpe o una lesión conviene que {te|le} valore el equipo hoy. Aviso ahora para que {te|le} llamen hoy mismo; si aparecen mareo, vómitos o somnolencia, {acude|acuda} a urgencias.',
    ],
    urinary_retention: [
      'No poder orinar durante horas hay que valorarlo hoy. Aviso ahora al equipo para que {te|le} llame hoy mismo; si el dolor en el bajo vientre aumenta, {acude|acuda} a urgencias.',
    ],
  },
  forTeam: [
    'No estoy seguro de haberlo entendido bien, así que se lo paso al equipo para que lo lea una persona.',
    'Prefiero que esto lo lea una persona: se lo paso al equipo de la clínica.',
  ],
  afterRedFlag: [
    'He avisado también al equipo de la clínica.',
    'El equipo de la clínica ya está avisado.',
  ],
  summary: {
    wellbeing: { good: 'se encuentra bien', bad: 'no se encuentra bien' },
    pain: 'dolor {n}/10',
    painNone: 'sin dolor',
    fever: { no: 'sin fiebre', yes: 'ha tenido fiebre' },
    wound: {
      fine: 'herida con buen aspecto',
      bleeding: 'sangrado en la herida',
      changes: 'cambios en la herida (enrojecimiento, inflamación o supuración)',
    },
    medication: { taken: 'toma la medicación según pauta', missed: 'ha olvidado alguna dosis' },
    sideEffects: { none: 'sin efectos secundarios', some: 'efectos secundarios: {list}' },
    supply: { enough: 'medicación suficiente', short: 'necesita renovar la receta' },
    attendance: { yes: 'confirma la cita', no: 'no podrá acudir a la cita' },
    preparation: {
      clear: 'sin dudas sobre la preparación',
      question: 'tiene dudas sobre la preparación',
    },
    symptoms: { none: 'sin síntomas nuevos', some: 'refiere síntomas nuevos' },
    note: 'comenta: «{note}»',
  },
  sideEffectNames: {
    nausea: 'náuseas',
    dizziness: 'mareo',
    rash: 'erupción o picor',
    stomach: 'molestias digestivas',
    headache: 'dolor de cabeza',
    drowsiness: 'cansancio o somnolencia',
    insomnia: 'insomnio',
  },
  and: 'y',
  decimalComma: true,
  call: {
    intro: {
      post_op: [
        '{Te|Le} llamo para saber cómo va {tu|su} recuperación después de la intervención.',
      ],
      medication: ['{Te|Le} llamo para saber cómo {te|le} va con la medicación.'],
      appointment: ['{Te|Le} llamo por {tu|su} próxima cita en la clínica.'],
      check_in: ['{Te|Le} llamo para saber cómo {te encuentras|se encuentra} estos días.'],
    },
    opening: [
      'Hola, ¿hablo con {name}? {Te|Le} llamo de {clinic}; soy el asistente virtual.',
      'Buenos días, ¿{eres|es usted} {name}? {Te|Le} llama el asistente virtual de {clinic}.',
    ],
    closing: [
      'Muchas gracias, {name}. Trasladaré al equipo lo que me {has|ha} contado: {summary}. Si algo cambia, {llama|llame} a la clínica; ante una urgencia, al 112.',
      'Gracias, {name}. Resumo para el equipo: {summary}. Ante cualquier urgencia, {llama|llame} al 112.',
    ],
    patientConfirm: ['Sí, soy yo.', 'Sí, dígame.', 'Sí, hola.'],
    goodbye: [
      'Gracias, {name}. Que {tengas|tenga} un buen día.',
      'Muchas gracias. {Cuídate|Cuídese}. Hasta pronto.',
    ],
    patientGoodbye: [
      'Gracias a usted. Adiós.',
      'Muy bien, gracias. Hasta luego.',
      'Adiós, gracias.',
    ],
    summaryLead: {
      post_op: 'Llamada de seguimiento postoperatorio con {name}',
      medication: 'Llamada de seguimiento de la medicación con {name}',
      appointment: 'Llamada de recordatorio de cita con {name}',
      check_in: 'Llamada de seguimiento con {name}',
    },
    noIssues: 'Sin incidencias.',
    followUp: 'Requiere seguimiento del equipo.',
    redFlagNote: 'Signos de alarma: se le indicó llamar al 112.',
    urgentNote: 'Signos de alerta: el equipo debe llamarle hoy.',
  },
  patient: {
    wellbeing: {
      good: ['Bastante bien, gracias.', 'Bien, la verdad.', 'Mejor que la semana pasada.'],
      bad: ['Regular, la verdad.', 'No muy bien, estoy cansado.'],
    },
    pain: ['Pues diría que un {n}.', 'Un {n}, más o menos.', 'Ahora mismo, un {n} sobre 10.'],
    fever: {
      no: ['No, fiebre no.', 'No, me la tomé anoche y estaba en 36 y medio.'],
      yes: ['Sí, anoche tuve 38,2.', 'Sí, un poco de fiebre ayer por la tarde.'],
    },
    wound: {
      fine: ['Bien, está limpia y seca.', 'Bien, está cicatrizando.'],
      bleeding: ['Ha sangrado un poco al cambiar el apósito.'],
      changes: ['Está un poco roja alrededor de los puntos.', 'La noto algo hinchada.'],
    },
    medication: {
      taken: ['Sí, todos los días.', 'Sí, según la pauta.'],
      missed: ['Se me olvidó un par de veces esta semana.', 'Alguna vez no, la verdad.'],
    },
    sideEffects: {
      none: ['No, nada.', 'No, ninguno.'],
      some: ['Un poco de náuseas por las mañanas.', 'Algo de mareo cuando me levanto.'],
    },
    supply: {
      enough: ['Sí, tengo para un mes.', 'Sí, me quedan suficientes.'],
      short: ['Me quedan pocas, la verdad.', 'Se me acaban la semana que viene.'],
    },
    attendance: {
      yes: ['Sí, allí estaré.', 'Sí, sí, cuente conmigo.'],
      no: ['No podré, tengo que trabajar. ¿Se puede cambiar?'],
    },
    preparation: {
      clear: ['No, todo claro.', 'No, gracias.'],
      question: ['¿Tengo que ir en ayunas?', '¿Tengo que llevar los análisis?'],
    },
    symptoms: {
      none: ['No, nada nuevo.', 'No, todo igual.'],
      some: ['Estoy algo más cansado de lo normal.', 'Tengo dolor de cabeza algunas tardes.'],
    },
    questions: {
      none: ['No, nada más.', 'No, eso es todo.'],
      noted: [
        'Solo que me gustaría hablar con la enfermera.',
        'Que me llamen para la próxima receta, por favor.',
      ],
    },
    generic: ['Sí, de acuerdo.', 'Vale.'],
  },
};
