/** The service build version (health endpoint) and the interface version (OpenAPI info.version). */
export const SERVICE_VERSION = '0.1.0';
export const API_VERSION = '1.0.0';
