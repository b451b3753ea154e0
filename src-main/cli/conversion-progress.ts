import {
  conversionFraction,
  type ConversionProgress,
  type OnConversionProgress,
} from '../service/create-service';
import type { Io } from './io';

const PHASE_NAMES: Record<ConversionProgress['phase'], string> = {
  copy: 'copying',
  encrypt: 'encrypting the copy',
  verify: 'verifying the copy',
  replace: 'replacing the database',
};

/** One stderr line per phase and per tenth of the way, for `encrypt` and `rekey`. */
export function printedProgress(io: Pick<Io, 'err'>, what: string): OnConversionProgress {
  let last = '';
  return (progress) => {
    const percent = Math.floor(conversionFraction(progress) * 10) * 10;
    const line = `${what}: ${percent}% (${PHASE_NAMES[progress.phase]})`;
    if (line !== last) io.err(line);
    last = line;
  };
}
