import type { Core } from '../../core';
import {
  ClinicalForm,
  ClinicalFormList,
  ClinicalFormListQuery,
  FormResponseList,
  FormResponseListQuery,
} from '../../schemas/clinical-form';
import { IdParams } from '../../schemas/common';
import { listBody } from '../../domain/list-page';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Clinical forms'];

export function clinicalFormRoutes(app: TypedApp, core: Core): void {
  app.get(
    '/clinical-forms',
    route(
      'forms:read',
      {
        summary: 'List clinical forms',
        description:
          'Newest first, with their complete field definitions. Forms are authored in the desktop app; `status` filters active or archived forms.',
        tags,
        operationId: 'listClinicalForms',
        querystring: ClinicalFormListQuery,
        response: { 200: ClinicalFormList },
      },
      [400],
    ),
    async (request, reply) => sendJsonText(reply, listBody(await core.forms.list(request.query))),
  );

  app.get(
    '/clinical-forms/:id',
    route(
      'forms:read',
      {
        summary: 'Get a clinical form',
        description: 'The form with its complete field definitions.',
        tags,
        operationId: 'getClinicalForm',
        params: IdParams,
        response: { 200: ClinicalForm },
      },
      [404],
    ),
    async (request, reply) => sendJsonText(reply, await core.forms.getJson(request.params.id)),
  );

  app.get(
    '/clinical-forms/:id/responses',
    route(
      'forms:read',
      {
        summary: "List a form's responses",
        description:
          'Newest completedAt first. Filters: `patientId`, `from` (inclusive) and `to` (exclusive) on completedAt.',
        tags,
        operationId: 'listFormResponses',
        params: IdParams,
        querystring: FormResponseListQuery,
        response: { 200: FormResponseList },
      },
      [400, 404],
    ),
    async (request, reply) =>
      sendJsonText(reply, listBody(await core.forms.responses(request.params.id, request.query))),
  );
}
