import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
  title: 'Configuració',
  description:
    'Idioma, dades de la clínica, pla, servidor local, assistent, correu i mode sandbox.',
  saved: "S'han desat els canvis.",
  noChanges: 'No hi ha canvis per desar.',
  pages: {
    label: 'Seccions de la configuració',
    general: 'General',
    plan: 'Pla',
    server: 'Servidor',
    email: 'Correu',
    assistant: 'Assistent',
    audit: "Registre d'accessos",
    developer: 'Desenvolupadors',
  },
  leave: 'Hi ha canvis sense desar en aquesta pàgina. Vols sortir sense desar-los?',
  developerMode: {
    title: 'Mode desenvolupador',
    switchLabel: 'Mode desenvolupador',
    hint: "Mostra les eines per a integradors i proves: les claus d'API, els webhooks, la pantalla de desenvolupadors, el mode sandbox i les seves eines, la safata de sortida i l'adreça de l'API. Per a tota la clínica.",
  },
  language: {
    title: 'Idioma',
    label: "Idioma de l'aplicació",
    hint: "Tota l'aplicació i els avisos del servei el segueixen en desar.",
  },
  clinic: {
    title: 'Clínica',
    name: 'Nom de la clínica',
    email: 'Correu per als avisos',
    emailHint: 'Aquí arriben els avisos de la clínica (crèdits baixos, enviaments fallits…).',
  },
  server: {
    inUse: 'Adreça en ús',
    portInUse: 'El servei escolta al port {{port}}.',
    portTaken:
      "El port {{wanted}} l'ocupava un altre programa en arrencar, així que el servei fa servir el {{actual}}. Allibera el {{wanted}} o desa un altre port i reinicia l'aplicació.",
    portFromRun:
      "En aquesta execució el port l'ha donat la línia d'ordres (--port). El port desat és el que fa servir l'aplicació d'escriptori.",
    portPending:
      "El port desat ({{saved}}) es farà servir la propera vegada que s'obri l'aplicació.",
    title: 'Servidor local',
    port: 'Port',
    portHint: "Entre 1024 i 65535. S'aplica en reiniciar l'aplicació.",
    portRange: 'Tria un port entre 1024 i 65535.',
    savedRestart: "Desat. El port nou es farà servir en reiniciar l'aplicació.",
  },
  plan: {
    title: 'Pla',
    legend: 'Pla contractat',
    names: {
      starter: 'Inicial',
      professional: 'Professional',
      enterprise: 'Empresa',
    },
    allowance: '{{credits}} crèdits al mes',
    current: 'Pla actual',
    confirmTitle: 'Vols canviar al pla {{plan}}?',
    confirmBody:
      "L'assignació mensual de crèdits passarà de {{from}} a {{to}}. Els crèdits afegits a mà no canvien.",
    confirm: 'Canvia de pla',
  },
  sandbox: {
    title: 'Mode sandbox',
    switchLabel: 'Mode sandbox',
    on: 'Activat',
    off: 'Desactivat',
    hint: 'Eines per provar integracions: avançar el rellotge del servei, restablir la clínica de demostració i webhooks a http://localhost.',
    offWarning:
      'Si el desactives, deixen de funcionar les eines de sandbox i els webhooks a http://localhost.',
    confirmTitle: 'Vols activar el mode sandbox en aquesta clínica?',
    confirmBody:
      "En mode sandbox, qualsevol clau d'API amb el permís «Eines del sandbox» pot llegir els missatges enviats als pacients, avançar el rellotge i substituir totes les dades de la clínica. Activa'l només en una clínica de proves. El canvi queda registrat.",
    confirm: 'Activa el mode sandbox',
    logTitle: 'Registre del mode sandbox',
    sources: { window: 'la finestra', cli: "la línia d'ordres", api: "l'API" },
    log: {
      enabled_one: '{{when}}: activat des de {{source}} ({{formatted}} pacient)',
      enabled_other: '{{when}}: activat des de {{source}} ({{formatted}} pacients)',
      disabled_one: '{{when}}: desactivat des de {{source}} ({{formatted}} pacient)',
      disabled_other: '{{when}}: desactivat des de {{source}} ({{formatted}} pacients)',
      reset_demo_one:
        '{{when}}: clínica substituïda per la de demostració des de {{source}} (tenia {{formatted}} pacient)',
      reset_demo_other:
        '{{when}}: clínica substituïda per la de demostració des de {{source}} (tenia {{formatted}} pacients)',
      reset_empty_one: '{{when}}: clínica buidada des de {{source}} (tenia {{formatted}} pacient)',
      reset_empty_other:
        '{{when}}: clínica buidada des de {{source}} (tenia {{formatted}} pacients)',
    },
  },
  assistant: {
    title: 'Assistent',
    legend: "Proveïdor de l'assistent",
    builtin: 'Assistent integrat (sense connexió)',
    builtinHint: 'Funciona en aquest equip, sense enviar dades enlloc.',
    openai: 'Servei compatible amb OpenAI',
    openaiHint: "Un servidor propi o d'un proveïdor que parli l'API d'OpenAI.",
    baseUrl: 'URL base',
    baseUrlPlaceholder: 'https://api.exemple.com/v1',
    model: 'Model',
    apiKey: 'Clau del servei',
    apiKeyKeep: "Hi ha una clau desada: deixa-ho en blanc per conservar l'actual.",
    apiKeyOptional: 'Opcional si el servei no demana clau.',
    timeout: "Temps màxim d'espera (segons)",
    runNote:
      "L'ha fixat una opció de la línia d'ordres per a aquesta execució; aquí només es pot consultar.",
    keySaved: 'Desada',
    keyNone: 'Cap',
  },
  smtp: {
    title: 'Correu sortint (SMTP)',
    url: 'URL del servidor SMTP',
    placeholder: 'smtp://usuari:contrasenya@smtp.exemple.com:587?from=cites@clinica.cat',
    hint: "Format smtp://usuari:contrasenya@servidor:587?from=remitent (smtps:// per a TLS directe). La contrasenya desada es mostra oculta: si canvies l'adreça, torna-la a escriure. Buit: els correus es queden a la safata de sortida.",
    outbox: 'Ara els correus es queden a la safata de sortida.',
    from: 'Remitent: {{from}}',
    runNote:
      "L'ha fixat una opció de la línia d'ordres per a aquesta execució; aquí només es pot consultar.",
  },
  tools: {
    title: 'Eines de sandbox',
    clock: 'Rellotge del servei',
    offset: {
      ahead: "+{{amount}} respecte a l'hora real",
      behind: "−{{amount}} respecte a l'hora real",
      none: "Coincideix amb l'hora real",
      days_one: '{{count}} dia',
      days_other: '{{count}} dies',
      hours: '{{count}} h',
      minutes: '{{count}} min',
    },
    advance: 'Avança el rellotge',
    advanceHint:
      "S'executen les tasques que vencen pel camí (enviaments, recordatoris, reintents).",
    presets: {
      hour: '+1 hora',
      day: '+1 dia',
      week: '+1 setmana',
      month: '+30 dies',
    },
    jobsRun_one: "S'ha executat {{count}} tasca.",
    jobsRun_other: "S'han executat {{count}} tasques.",
    jobsRunNone: 'No hi havia tasques pendents.',
    reset: {
      action: 'Restableix la clínica de demostració',
      hint: 'Torna a començar amb dades d’exemple o amb una clínica buida.',
      title: 'Vols restablir la clínica?',
      warning:
        "Se substituiran tots els pacients, formularis, enviaments, converses, trucades i l'historial de crèdits. Les claus d'API i la configuració es mantenen.",
      legend: 'Començar amb',
      demo: "La clínica de demostració (pacients i formularis d'exemple)",
      empty: 'Una clínica buida',
      confirm: 'Restableix',
      running: 'Restablint la clínica…',
      done_one: 'Clínica restablerta amb {{count}} pacient.',
      done_other: 'Clínica restablerta amb {{count}} pacients.',
      doneEmpty: 'Clínica restablerta i buida.',
    },
  },
};
