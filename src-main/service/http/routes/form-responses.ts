import type { Core } from '../../core';
import { FormResponse } from '../../schemas/clinical-form';
import { IdParams } from '../../schemas/common';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

export function formResponseRoutes(app: TypedApp, core: Core): void {
  app.get(
    '/form-responses/:id',
    route(
      'forms:read',
      {
        summary: 'Get a form response',
        tags: ['Clinical forms'],
        operationId: 'getFormResponse',
        params: IdParams,
        response: { 200: FormResponse },
      },
      [404],
    ),
    async (request, reply) => sendJsonText(reply, await core.forms.responseJson(request.params.id)),
  );
}
