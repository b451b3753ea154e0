import type { CoreOptions } from '../service/core';

/** The sandbox flags `serve` and `web` share, as their usage lines read. */
export const SANDBOX_FLAGS_USAGE = `  --sandbox           turn sandbox mode on even over a clinic whose switch is off (its
                      routes can replace the clinic; the switch is recorded in its audit)
  --no-sandbox        turn sandbox mode off (/sandbox/… gone; webhooks need public HTTPS hosts)`;

export const SANDBOX_FLAG_OPTIONS = {
  sandbox: { type: 'boolean' },
  'no-sandbox': { type: 'boolean', default: false },
} as const;

/**
 * The developers' commands keep a new clinic in sandbox mode, and a clinic keeps its own saved
 * switch: a folder holding a real clinic (switch off) is never turned into a sandbox unless
 * `--sandbox` says so, which the audit records. Their window starts in developer mode.
 */
export function sandboxOptions(values: {
  sandbox?: boolean | undefined;
  'no-sandbox'?: boolean | undefined;
}): Pick<CoreOptions, 'sandbox' | 'sandboxDefault' | 'sandboxSource' | 'developerModeDefault'> {
  if (values.sandbox && values['no-sandbox']) {
    throw new Error('--sandbox and --no-sandbox exclude each other');
  }
  const explicit = values['no-sandbox'] ? false : values.sandbox ? true : undefined;
  return {
    ...(explicit === undefined ? {} : { sandbox: explicit }),
    sandboxDefault: true,
    sandboxSource: 'cli',
    // A developer started it: the window shows the sandbox and developer tools until switched off.
    developerModeDefault: true,
  };
}
