import type { Core } from '../../core';
import { CallDetail, CallList, CallListQuery, CreateCall } from '../../schemas/call';
import { IdParams } from '../../schemas/common';
import { listBody } from '../../domain/list-page';
import { replyWithWrite } from '../atomic-reply';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Voice calls'];

export function voiceCallRoutes(app: TypedApp, core: Core): void {
  const { calls } = core;

  app.get(
    '/voice/calls',
    route(
      'calls:write',
      {
        summary: 'List voice calls',
        description:
          'Newest first, without transcript or summary. Filters: `patientId`, `status`, and `from`/`to` on `createdAt`.',
        tags,
        operationId: 'listVoiceCalls',
        querystring: CallListQuery,
        response: { 200: CallList },
      },
      [400],
    ),
    async (request, reply) => sendJsonText(reply, listBody(await calls.list(request.query))),
  );

  app.get(
    '/voice/calls/:id',
    route(
      'calls:write',
      {
        summary: 'Get a voice call',
        description: 'The full record: a completed call adds its `transcript` and `summary`.',
        tags,
        operationId: 'getVoiceCall',
        params: IdParams,
        response: { 200: CallDetail },
      },
      [404],
    ),
    async (request, reply) => sendJsonText(reply, await calls.getJson(request.params.id)),
  );

  app.post(
    '/voice/calls',
    route(
      'calls:write',
      {
        summary: 'Start an automated voice call',
        description:
          'Queues a call to an active patient with a phone number; it then rings, is answered and completes on the service clock (or fails: `no_answer`, `busy`, `invalid_number`). Nothing is charged now, but the balance must be at least 5 credits; a completed call costs 5 credits per started minute, charged when it ends, and a failed one costs nothing. `call.ended` is written when it finishes.',
        tags,
        operationId: 'createVoiceCall',
        body: CreateCall,
        response: { 201: CallDetail },
      },
      [402, 409],
    ),
    async (request, reply) =>
      replyWithWrite(core, request, reply, () => calls.create(request.body), {
        status: 201,
        location: (call) => `${request.routeOptions.url}/${call.id}`,
      }),
  );
}
