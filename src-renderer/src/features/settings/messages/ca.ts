import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
  title: 'Configuració',
  description:
    'Idioma, dades de la clínica, pla, servidor local, assistent, correu, còpies de seguretat i mode sandbox.',
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
    data: 'Dades',
  },
  data: {
    backups: 'Còpies de seguretat',
    lastSuccess: 'Darrera còpia correcta: {{date}} ({{size}} MB).',
    never: 'Encara no hi ha cap còpia de seguretat.',
    lastFailure: 'La darrera còpia ha fallat ({{date}}): {{message}}',
    overdue: 'No hi ha cap còpia correcta des de fa més d’un dia.',
    restored: 'Restaurada el {{date}} des de {{file}}.',
    restoreFailed:
      'La restauració del {{date}} des de {{file}} no s’ha fet; la clínica continua com estava: {{message}}',
    keptAside: 'La base de dades anterior s’ha desat a {{file}}.',
    schedule:
      'Es fa una còpia cada hora mentre l’aplicació és oberta i una altra en sortir, xifrada amb la mateixa clau i comprovada en escriure-la. Es guarden les de les darreres 24 hores, 14 dies i 8 setmanes.',
    backUpNow: 'Fer una còpia ara',
    backedUp: 'Còpia feta i comprovada.',
    folder: 'Carpeta de les còpies',
    defaultFolder: '(la carpeta per defecte, al costat de la de dades)',
    chooseFolder: 'Triar una carpeta…',
    useDefault: 'Fer servir la carpeta per defecte',
    folderField: 'Carpeta de les còpies',
    folderHint:
      'Un segon disc o una carpeta compartida; ha d’existir. Buida: la carpeta per defecte.',
    saveFolder: 'Desar la carpeta',
    list: 'Còpies desades',
    empty: 'No hi ha còpies en aquesta carpeta.',
    takenAt: 'Data',
    size: 'Mida',
    megabytes: '{{size}} MB',
    patients: 'Pacients',
    verified: 'Comprovada',
    yes: 'Sí',
    actions: 'Accions',
    restore: 'Restaurar…',
    restoreOne: 'Restaurar la còpia del {{date}}',
    otherFile: 'Restaurar un altre fitxer',
    otherFileHint: 'El camí complet d’una còpia (.db) d’Engage Desk.',
    inspect: 'Veure què conté',
    restoreTitle: 'Restaurar una còpia de seguretat',
    checking: 'Comprovant la còpia…',
    holds: 'El que conté la còpia',
    clinic: 'Clínica',
    lastActivity: 'Darrera activitat',
    schemaVersion: 'Versió de l’esquema',
    restoreWarning:
      'La base de dades actual es desa a part (no s’esborra) i la còpia n’ocupa el lloc. El que s’hagi fet després de la còpia no hi apareixerà. L’aplicació es tornarà a carregar.',
    restoreConfirm: 'Restaurar aquesta còpia',
    restoring: 'Restaurant; l’aplicació es tornarà a carregar en uns segons…',
    archive: {
      title: 'Moure o lliurar la clínica',
      intro:
        'Tota la clínica en un sol fitxer xifrat amb una frase de pas, per portar-la a un altre ordinador o lliurar-la. Les còpies de seguretat d’aquest ordinador no hi viatgen.',
      export: 'Exportar la clínica…',
      import: 'Importar una clínica…',
      exportTitle: 'Exportar la clínica',
      exportIntro:
        'El fitxer només s’obre amb la frase de pas: guarda-la a part del fitxer. Sense ella, ningú (tampoc el suport) podrà recuperar la clínica.',
      chooseSave: 'Triar on desar-la…',
      chooseOpen: 'Triar el fitxer…',
      saveTo: 'Fitxer que es crearà',
      saveToHint:
        'El camí complet, per exemple /home/ana/Clinica-2026-11-27.engagedesk. Mai no se substitueix un fitxer que ja existeix.',
      file: 'Fitxer de la clínica',
      fileHint: 'El camí complet d’un fitxer .engagedesk.',
      passphrase: 'Frase de pas',
      passphraseHint:
        'Com a mínim {{min}} caràcters; unes quantes paraules que no siguin una cita coneguda són fàcils de recordar i difícils d’endevinar.',
      passphraseAgain: 'Repeteix la frase de pas',
      tooShort: 'La frase de pas necessita com a mínim {{min}} caràcters.',
      differ: 'Les dues frases de pas no coincideixen.',
      exportConfirm: 'Exportar',
      exporting: 'Copiant, xifrant i comprovant la clínica…',
      exported: 'Clínica exportada i comprovada a {{file}}.',
      keepApart:
        'Lliura la frase de pas per un altre camí que el fitxer (en persona o per telèfon).',
      holds: 'El que conté el fitxer',
      exportedAt: 'Exportada el',
      version: 'Versió',
      versionValue: 'Engage Desk {{app}}, esquema {{schema}}',
      importTitle: 'Importar una clínica',
      checking: 'Obrint i comprovant el fitxer…',
      importWarning:
        'La clínica actual es guarda a part (no s’esborra) i la del fitxer n’ocupa el lloc, xifrada amb la clau d’aquest ordinador. L’aplicació es recarregarà.',
      importConfirm: 'Importar aquesta clínica',
      wrongPassphrase:
        'La frase de pas no obre aquest fitxer, o no és un fitxer d’Engage Desk. No s’ha canviat res.',
      damaged: 'El fitxer està malmès; no s’ha canviat res. Demana que l’exportin de nou.',
      notArchive: 'Aquest fitxer no és una clínica exportada per Engage Desk.',
      newer:
        'El fitxer ve d’una versió més recent d’Engage Desk; actualitza l’aplicació abans d’importar-lo.',
      exists: 'Ja existeix un fitxer amb aquest nom; tria’n un altre (mai no se substitueix).',
    },
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
  retention: {
    title: 'Conservació del registre',
    label: "Conservar el registre d'accessos durant",
    hint_one:
      "Ara {{count}} any. Les normes de dades de salut demanen conservar-lo: 6 anys per defecte (el termini d'HIPAA). El més antic s'esborra a la purga diària.",
    hint_other:
      "Ara {{count}} anys. Les normes de dades de salut demanen conservar-lo: 6 anys per defecte (el termini d'HIPAA). El més antic s'esborra a la purga diària.",
    years_one: '{{count}} any',
    years_other: '{{count}} anys',
    confirmTitle_one: 'Conservar el registre només {{count}} any?',
    confirmTitle_other: 'Conservar el registre només {{count}} anys?',
    purges_one:
      'La propera purga esborrarà per sempre {{events}} accés registrat abans del {{before}} (de {{patients}} pacients; el més antic, del {{oldest}}).',
    purges_other:
      'La propera purga esborrarà per sempre {{events}} accessos registrats abans del {{before}} (de {{patients}} pacients; el més antic, del {{oldest}}).',
    purgesNothing_one:
      'Cap accés registrat no té encara més de {{count}} any: la propera purga no esborrarà res.',
    purgesNothing_other:
      'Cap accés registrat no té encara més de {{count}} anys: la propera purga no esborrarà res.',
    when_one:
      "La purga es fa en obrir Engage Desk i cada 24 hores; des d'aleshores, cada accés s'esborrarà en complir {{count}} any. El canvi queda anotat al registre.",
    when_other:
      "La purga es fa en obrir Engage Desk i cada 24 hores; des d'aleshores, cada accés s'esborrarà en complir {{count}} anys. El canvi queda anotat al registre.",
    confirm: 'Escurçar i esborrar en purgar',
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
