import { Type, type Static } from 'typebox';

/**
 * Who did something to a record (acknowledged an alert, wrote a note): over the API the key that
 * was used, by id and name (never the secret); in the desktop app the desk. Coordinator accounts
 * come with the clinic server, and will be a third kind.
 */
export const Actor = Type.Object(
  {
    type: Type.Enum(['api_key', 'desk'], {
      type: 'string',
      description: '`api_key` (over the API) or `desk` (in the desktop app).',
    }),
    id: Type.Optional(Type.String({ description: 'The API key id, for `api_key`.' })),
    name: Type.String({ description: "The API key's name, or the desk." }),
  },
  { additionalProperties: false, description: 'Who did it: the API key used, or the desk.' },
);
export type Actor = Static<typeof Actor>;

/** The desktop app as an actor (the window's operations). */
export const DESK_ACTOR: Actor = { type: 'desk', name: 'Engage Desk' };
