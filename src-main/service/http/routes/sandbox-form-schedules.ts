import type { Core } from '../../core';
import { FormResponse, SubmittedAnswers } from '../../schemas/clinical-form';
import { IdParams } from '../../schemas/common';
import { replyWithWrite } from '../atomic-reply';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

export function sandboxFormScheduleRoutes(app: TypedApp, core: Core): void {
  app.post(
    '/sandbox/form-schedules/:id/submit',
    route(
      'sandbox:write',
      {
        summary: 'Answer a delivered form as the patient',
        description:
          'Does what the patient form page does: validates the answers with the same rules, creates the form response, completes the schedule and writes `form.completed`, in one transaction. Only a sent schedule can be answered (else 400 `schedule_not_submittable`); each bad answer is named in the 422 with a pointer.',
        tags: ['Sandbox'],
        operationId: 'submitSandboxFormSchedule',
        params: IdParams,
        body: SubmittedAnswers,
        response: { 201: FormResponse },
      },
      [400, 404, 409],
    ),
    async (request, reply) =>
      replyWithWrite(
        core,
        request,
        reply,
        () => core.schedules.submit(request.params.id, request.body.responses),
        { status: 201, location: (response) => `/api/v1/form-responses/${response.id}` },
      ),
  );
}
