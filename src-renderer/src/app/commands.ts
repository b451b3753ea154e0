import { useEffect, useRef } from 'react';
import { createStore } from 'zustand/vanilla';
import { useFeatureStore } from './app-context';

/**
 * What a screen can be asked to do from outside it (the command palette, a shortcut): open its
 * own dialog. The request waits in a store until the screen that does it is showing, so "New
 * patient" from anywhere first goes to the patients screen, which then opens its dialog.
 */
export type ScreenCommand = 'newPatient' | 'scheduleForm';

interface CommandState {
  pending: ScreenCommand | null;
}

function createCommandStore() {
  return createStore<CommandState>()(() => ({ pending: null }));
}

/** Asks for `command`; the screen that handles it runs it now or as soon as it shows. */
export function useRequestCommand(): (command: ScreenCommand) => void {
  const store = useFeatureStore(createCommandStore);
  return (command) => store.setState({ pending: command });
}

/** Runs `run` whenever `command` is asked for while this screen shows (or was, before it did). */
export function useCommand(command: ScreenCommand, run: () => void): void {
  const store = useFeatureStore(createCommandStore);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const take = (state: CommandState) => {
      if (state.pending !== command) return;
      store.setState({ pending: null });
      latest.current();
    };
    take(store.getState());
    return store.subscribe(take);
  }, [store, command]);
}
