import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
  title: "Claus d'API",
  description:
    "Les integracions (història clínica, CRM, scripts) fan servir aquestes claus per treballar amb la clínica a través de l'API local.",
  newKey: 'Nova clau',
  empty: {
    title: "Encara no hi ha claus d'API",
    action: 'Crea la primera clau',
    body: "Crea una clau perquè una altra aplicació —la història clínica, un CRM o un script— pugui llegir pacients, programar formularis o rebre webhooks a través de l'API local d'Engage Desk. Cada clau només té els permisos que triïs i la pots revocar quan vulguis.",
  },
  activeTitle: 'Claus actives',
  noActive: 'No hi ha cap clau activa.',
  revokedTitle: 'Claus revocades',
  columns: {
    name: 'Nom',
    key: 'Clau',
    permissions: 'Permisos',
    created: 'Creada',
    lastUsed: 'Últim ús',
    status: 'Estat',
    actions: 'Accions',
  },
  never: 'Mai',
  status: {
    active: 'Activa',
    revoked: 'Revocada el {{date}}',
  },
  permissions: {
    patientsRead: 'Llegir pacients',
    patientsWrite: 'Crear i editar pacients',
    formsRead: 'Llegir formularis i respostes',
    schedulesWrite: 'Programar enviaments de formularis',
    conversationsWrite: 'Gestionar converses',
    callsWrite: 'Iniciar trucades',
    creditsRead: 'Consultar crèdits',
    webhooksWrite: 'Gestionar webhooks',
    sandboxWrite: 'Eines del sandbox (rellotge, safata de sortida, reinici)',
    auditRead: "Llegir el registre d'accessos (qui ha vist quin pacient)",
  },
  groups: {
    patients: 'Pacients',
    forms: 'Formularis i enviaments',
    engagement: 'Converses i trucades',
    account: 'Crèdits i webhooks',
    sandbox: 'Sandbox',
    admin: 'Administració',
  },
  create: {
    title: "Nova clau d'API",
    name: 'Nom',
    nameHint: 'Per reconèixer-la després, p. ex. «Història clínica» o «CRM».',
    nameLength: 'El nom ha de tenir entre 1 i 100 caràcters.',
    permissions: 'Permisos',
    permissionsHint: 'Dona només els permisos que la integració necessita.',
    all: 'Tots els permisos',
    atLeastOne: 'Tria almenys un permís.',
    submit: 'Crea la clau',
  },
  created: {
    title: 'Clau creada',
    warning: 'Desa aquesta clau ara: no es tornarà a mostrar.',
    explanation:
      "Engage Desk només en desa una empremta. Si la perds, revoca-la i crea'n una altra.",
    key: "Clau d'API",
    copyKey: 'Copia la clau',
    tryIt: 'Prova-la',
    tryItHint: 'Aquest exemple llista els cinc primers pacients amb la clau nova:',
    copyCurl: "Copia l'exemple",
    done: "Ja l'he desada",
  },
  revoke: {
    action: 'Revoca',
    actionLabel: 'Revoca la clau «{{name}}»',
    title: 'Vols revocar la clau «{{name}}»?',
    body: 'Les integracions que fan servir aquesta clau deixaran de funcionar a l’instant. No es pot desfer.',
    confirm: 'Revoca la clau',
    done: "S'ha revocat la clau «{{name}}».",
  },
};
