// Spanish, the source: ca.ts and en.ts must have exactly these keys (see index.ts).
export const es = {
  palette: {
    open: 'Buscar',
    title: 'Buscar en Engage Desk',
    label: 'Buscar pacientes, formularios y pantallas',
    placeholder: 'Paciente, formulario o pantalla…',
    results: 'Resultados',
    groups: {
      actions: 'Acciones',
      screens: 'Pantallas',
      patients: 'Pacientes',
      forms: 'Formularios',
    },
    actions: {
      newPatient: 'Nuevo paciente',
      scheduleForm: 'Programar un formulario',
      shortcuts: 'Atajos de teclado',
    },
    archived: 'archivado',
    searching: 'Buscando pacientes…',
    patientsFailed: 'No se han podido buscar pacientes.',
    noResults: 'Nada coincide con «{{search}}».',
    count_one: '{{count}} resultado',
    count_other: '{{count}} resultados',
    hint: '↑ ↓ para moverte, Intro para abrir, Esc para cerrar',
  },
  help: {
    title: 'Atajos de teclado',
    then: 'y luego',
    or: 'o',
    note: 'Las teclas sueltas no actúan mientras escribes en un campo.',
    goTo: 'Ir a {{screen}}',
  },
  shortcuts: {
    palette: 'Buscar pacientes, formularios y pantallas',
    help: 'Mostrar los atajos de teclado',
    focusSearch: 'Ir al buscador de la pantalla',
    newPatient: 'Nuevo paciente (en Pacientes)',
  },
};
