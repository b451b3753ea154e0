import type { Core } from '../../core';
import { IdParams } from '../../schemas/common';
import {
  CreatePatient,
  Patient,
  PatientList,
  PatientListQuery,
  UpdatePatient,
} from '../../schemas/patient';
import { listBody } from '../../domain/list-page';
import { replyWithWrite } from '../atomic-reply';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Patients'];

export function patientRoutes(app: TypedApp, core: Core): void {
  app.get(
    '/patients',
    route(
      'patients:read',
      {
        summary: 'List patients',
        description:
          'Newest first. `search` is a case- and accent-insensitive substring of first name, last name, full name, e-mail or phone digits ("612 345" finds +34612345678). `total` counts every patient matching the filters.',
        tags,
        operationId: 'listPatients',
        querystring: PatientListQuery,
        response: { 200: PatientList },
      },
      [400],
    ),
    async (request, reply) => {
      const page = await core.patients.list(request.query);
      // The rows are already JSON (rendered by SQLite); sent as text, not serialized again.
      return sendJsonText(reply, listBody(page, { total: page.total }));
    },
  );

  app.get(
    '/patients/:id',
    route(
      'patients:read',
      {
        summary: 'Get a patient',
        tags,
        operationId: 'getPatient',
        params: IdParams,
        response: { 200: Patient },
      },
      [404],
    ),
    async (request, reply) => sendJsonText(reply, await core.patients.getJson(request.params.id)),
  );

  app.post(
    '/patients',
    route(
      'patients:write',
      {
        summary: 'Register a patient',
        description:
          'firstName and lastName are required; email, phone (E.164), dateOfBirth (not in the future), status (default active), tags (at most 20) and metadata (at most 16 KiB) are optional. Emits `patient.created`.',
        tags,
        operationId: 'createPatient',
        body: CreatePatient,
        response: { 201: Patient },
      },
      [409],
    ),
    async (request, reply) =>
      replyWithWrite(core, request, reply, () => core.patients.create(request.body), {
        status: 201,
        location: (patient) => `${request.routeOptions.url}/${patient.id}`,
      }),
  );

  app.patch(
    '/patients/:id',
    route(
      'patients:write',
      {
        summary: 'Update a patient',
        description:
          'Send only the fields that change; `null` clears email, phone or dateOfBirth. Patients are never deleted: set `status` to `inactive` instead.',
        tags,
        operationId: 'updatePatient',
        params: IdParams,
        body: UpdatePatient,
        response: { 200: Patient },
      },
      [404],
    ),
    async (request) => core.patients.update(request.params.id, request.body),
  );
}
