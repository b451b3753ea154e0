import type { Core } from '../../core';
import { listBody } from '../../domain/list-page';
import { IdParams } from '../../schemas/common';
import {
  CreatePatientNote,
  PatientNote,
  PatientNoteList,
  PatientNoteListQuery,
} from '../../schemas/patient-note';
import { API_PREFIX } from '../api-prefix';
import { replyWithWrite } from '../atomic-reply';
import { sendJsonText } from '../json-text';
import { requestActor } from '../request-actor';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Patients'];

export function patientNoteRoutes(app: TypedApp, core: Core): void {
  const { patientNotes } = core;

  app.get(
    '/patients/:id/notes',
    route(
      'patients:read',
      {
        summary: "List a patient's notes",
        description: 'Newest first. An unknown patient is 404.',
        tags,
        operationId: 'listPatientNotes',
        params: IdParams,
        querystring: PatientNoteListQuery,
        response: { 200: PatientNoteList },
      },
      [400, 404],
    ),
    async (request, reply) =>
      sendJsonText(reply, listBody(await patientNotes.list(request.params.id, request.query))),
  );

  app.post(
    '/patients/:id/notes',
    route(
      'patients:write',
      {
        summary: 'Add a note to a patient',
        description:
          "`text` (up to 5,000 characters, line breaks kept) and, optionally, `author` as the writer signs; without it the author is the API key's name. `createdBy` records the key. Notes are never changed or deleted: correct one by adding another.",
        tags,
        operationId: 'createPatientNote',
        params: IdParams,
        body: CreatePatientNote,
        response: { 201: PatientNote },
      },
      [404, 409],
    ),
    async (request, reply) =>
      replyWithWrite(
        core,
        request,
        reply,
        () => patientNotes.create(request.params.id, request.body, requestActor(request)),
        { status: 201, location: (note) => `${API_PREFIX}/patient-notes/${note.id}` },
      ),
  );

  app.get(
    '/patient-notes/:id',
    route(
      'patients:read',
      {
        summary: 'Get a patient note',
        tags,
        operationId: 'getPatientNote',
        params: IdParams,
        response: { 200: PatientNote },
      },
      [404],
    ),
    async (request, reply) => sendJsonText(reply, await patientNotes.getJson(request.params.id)),
  );
}
