/** Where the versioned API is served: every route of the interface spec is under it. */
export const API_PREFIX = '/api/v1';
