import type { FastifySchemaCompiler } from 'fastify';
import { compileBodyValidator, compileWith } from '../validation/input-validator';

/**
 * Fastify's schema compiler: bodies with the strict body validator, query strings, path
 * parameters and headers with the coercing one (validation/input-validator.ts says why).
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  httpPart === 'body'
    ? compileBodyValidator(schema as object)
    : compileWith(httpPart === 'headers' ? 'headers' : 'text', schema as object, 'line');
