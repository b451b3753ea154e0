import type { Language } from '../../schemas/form-schedule';
import type { EmergencySign, UrgentSign } from '../../triage/signs';
import type { SideEffect } from '../assistant';
import type { Purpose, Topic } from './context-reading';
import { PHRASES_CA } from './phrases-ca';
import { PHRASES_EN } from './phrases-en';
import { PHRASES_ES } from './phrases-es';

/**
 * Everything the built-in assistant says, per language. Each entry lists variants, picked per
 * conversation and turn, so that replies do not read as one template repeated. Placeholders:
 * `{name}` (the patient's first name), `{clinic}`, `{n}` (a pain score), `{t}` (a temperature),
 * `{list}`, `{summary}`, `{note}`; `{informal|formal}` picks the register the context asks for.
 */
type V = readonly string[];

export interface PhraseBank {
  greeting: V;
  intro: Record<Purpose, V>;
  firstQuestionLead: V;
  questions: Record<Topic, V>;
  reask: Record<Topic, V>;
  moveOn: V;
  next: V;
  ack: {
    wellbeing: { good: V; bad: V };
    pain: { none: V; mild: V; moderate: V; severe: V };
    fever: { no: V; yes: V; temperature: V };
    wound: { fine: V; bleeding: V; changes: V };
    medication: { taken: V; missed: V };
    sideEffects: { none: V; some: V };
    supply: { enough: V; short: V };
    attendance: { yes: V; no: V };
    preparation: { clear: V; question: V };
    symptoms: { none: V; some: V };
    questions: { none: V; noted: V };
  };
  /** Added after a finding the team should look at. */
  teamAlert: V;
  /** The answer to a request for advice or a diagnosis. */
  noAdvice: V;
  closing: V;
  afterDone: { thanks: V; nothing: V; question: V; generic: V };
  /** The emergency reply per sign: the emergency number at once (024 too for suicidal thoughts). */
  redFlag: Record<EmergencySign, V>;
  afterRedFlag: V;
  /** The urgent reply per sign: the team calls today; never 112. */
  urgent: Record<UrgentSign, V>;
  /** A clinical message the assistant could not place: a person reads it. */
  forTeam: V;
  /** Items of the summary the team reads (and the patient sees when the chat closes). */
  summary: {
    wellbeing: { good: string; bad: string };
    pain: string;
    painNone: string;
    fever: { no: string; yes: string };
    wound: { fine: string; bleeding: string; changes: string };
    medication: { taken: string; missed: string };
    sideEffects: { none: string; some: string };
    supply: { enough: string; short: string };
    attendance: { yes: string; no: string };
    preparation: { clear: string; question: string };
    symptoms: { none: string; some: string };
    note: string;
  };
  sideEffectNames: Record<SideEffect, string>;
  and: string;
  decimalComma: boolean;
  call: {
    /** What the call is about, spoken ("I am calling…", not the chat's "I am writing…"). */
    intro: Record<Purpose, V>;
    opening: V;
    patientConfirm: V;
    /** The spoken closing with the summary (`{summary}`) and a goodbye. */
    closing: V;
    goodbye: V;
    patientGoodbye: V;
    /** Starts the call summary: "Post-operative follow-up call with María." */
    summaryLead: Record<Purpose, string>;
    noIssues: string;
    followUp: string;
    redFlagNote: string;
    /** An urgent sign in the call: the team calls today. */
    urgentNote: string;
  };
  /** The simulated patient of a call, per topic and answer. */
  patient: {
    wellbeing: { good: V; bad: V };
    pain: V;
    fever: { no: V; yes: V };
    wound: { fine: V; bleeding: V; changes: V };
    medication: { taken: V; missed: V };
    sideEffects: { none: V; some: V };
    supply: { enough: V; short: V };
    attendance: { yes: V; no: V };
    preparation: { clear: V; question: V };
    symptoms: { none: V; some: V };
    questions: { none: V; noted: V };
    generic: V;
  };
}

export const PHRASES: Record<Language, PhraseBank> = {
  es: PHRASES_ES,
  ca: PHRASES_CA,
  en: PHRASES_EN,
};
