// Spanish, the source: ca.ts and en.ts must have exactly these keys (see index.ts).
export const es = {
  title: 'Panel',
  description: 'Lo que pasa hoy en la clínica, de un vistazo.',
  credits: {
    title: 'Créditos',
    chartTitle: 'Consumo del periodo',
    link: 'Ver créditos y movimientos',
  },
  upcoming: {
    title: 'Envíos de hoy y próximos',
    caption: 'Envíos pendientes de los próximos 7 días',
    empty: 'No hay envíos programados para los próximos 7 días.',
    more_one: 'Y {{count}} envío más en los próximos 7 días.',
    more_other: 'Y {{count}} envíos más en los próximos 7 días.',
    today: 'Hoy',
    tomorrow: 'Mañana',
    time: 'Hora',
    patient: 'Paciente',
    form: 'Formulario',
    channel: 'Canal',
  },
  channels: {
    whatsapp: 'WhatsApp',
    email: 'Correo electrónico',
  },
  recent: {
    title: 'Respuestas recientes',
    empty: 'Todavía no ha llegado ninguna respuesta.',
    answered: '{{patient}} respondió {{form}}',
  },
  attention: {
    title: 'Conversaciones que requieren atención',
    empty: 'Ninguna conversación necesita atención',
    escalated: 'Escalada',
    escalatedAt: 'Escalada {{relative}}',
    open: 'Abrir el chat con {{name}}',
  },
  webhooks: {
    title: 'Webhooks con entregas fallidas',
    empty: 'No hay entregas de webhooks fallidas.',
    failedAt: 'Falló {{relative}}',
    attempts_one: '{{count}} intento',
    attempts_other: '{{count}} intentos',
    reasons: {
      retries_exhausted: 'Se agotaron los reintentos',
      webhook_disabled: 'El webhook está desactivado',
      other: 'Entrega fallida',
    },
    events: {
      patientCreated: 'Paciente creado',
      formCompleted: 'Formulario completado',
      callEnded: 'Llamada finalizada',
      conversationEnded: 'Conversación finalizada',
      creditsLow: 'Créditos bajos',
      scheduleSent: 'Envío realizado',
    },
  },
};
