import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clinicFromArgs, relaunchArgs } from '../../src-main/clinic-folder';

/*
 * Issue 17: a real clinic is never a sandbox. The desktop app's own clinic starts empty with
 * sandbox mode off; the demo clinic (`--demo`, Help → Open the demo clinic) has a folder of its
 * own, seeded and in sandbox mode, so a sandbox reset there cannot touch the clinic's data.
 */
const USER_DATA = '/home/ana/.config/Engage Desk';

describe('which clinic the desktop app opens', () => {
  it('its own clinic: the app folder, empty, sandbox off unless switched on', () => {
    expect(clinicFromArgs(['/opt/engage-desk/engage-desk'], USER_DATA)).toEqual({
      demo: false,
      dataDir: USER_DATA,
      options: { seed: 'empty', sandboxDefault: false },
    });
  });

  it('the demo clinic: a folder of its own, seeded, sandbox on', () => {
    const demo = clinicFromArgs(['/opt/engage-desk/engage-desk', '--demo'], USER_DATA);
    expect(demo).toEqual({
      demo: true,
      dataDir: join(USER_DATA, 'Demo clinic'),
      options: { seed: 'demo', sandboxDefault: true },
    });
    expect(demo.dataDir).not.toBe(USER_DATA);
  });

  it('relaunches with or without the flag, keeping the other arguments', () => {
    expect(relaunchArgs(['--enable-logging'], true)).toEqual(['--enable-logging', '--demo']);
    expect(relaunchArgs(['--enable-logging', '--demo'], false)).toEqual(['--enable-logging']);
    expect(relaunchArgs(['--demo'], true)).toEqual(['--demo']);
  });
});
