import { Type } from 'typebox';
import { REQUEST_LOG_CAPACITY } from '../developer/request-log';

/** `developer.requestLog`: how many of the latest requests (the log keeps 500). */
export const RequestLogInput = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REQUEST_LOG_CAPACITY })) },
  { additionalProperties: false },
);
