import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Patient, TimelineItem } from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

export interface PatientState {
  /** The patient the page shows; answers for another id (the user moved on) are dropped. */
  id: string | undefined;
  patient: Async<Patient>;
  timeline: Async<TimelineItem[]>;
  /** Shows patient `id`: loads it and its timeline (from scratch when the id changes). */
  open(id: string): Promise<void>;
  /** Reloads both, keeping what is on screen while it loads. */
  refresh(): Promise<void>;
  /** The patient as an edit returned it. */
  setPatient(patient: Patient): void;
}

export type PatientStore = StoreApi<PatientState>;

export function createPatientStore(bridge: Bridge): PatientStore {
  return createStore<PatientState>()((set, get) => {
    /** A setter that only writes while `id` is still the patient shown. */
    const forId =
      <K extends 'patient' | 'timeline'>(id: string, key: K) =>
      (value: PatientState[K]) => {
        if (get().id === id) set({ [key]: value } as Pick<PatientState, K>);
      };
    async function loadBoth(id: string): Promise<void> {
      await Promise.all([
        load(get().patient, forId(id, 'patient'), () => unwrap(bridge.patients.get({ id }))),
        load(get().timeline, forId(id, 'timeline'), () => unwrap(bridge.patients.timeline({ id }))),
      ]);
    }
    return {
      id: undefined,
      patient: idle,
      timeline: idle,
      async open(id) {
        if (get().id !== id) set({ id, patient: idle, timeline: idle });
        await loadBoth(id);
      },
      async refresh() {
        const { id } = get();
        if (id) await loadBoth(id);
      },
      setPatient(patient) {
        if (get().id === patient.id) set({ patient: { status: 'ready', data: patient } });
      },
    };
  });
}
