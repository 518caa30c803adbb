import type { PhoneCti } from './provide-phone';

type Override = () => Promise<unknown>;

/**
 * A CTI client stand-in for machine tests (not used by the app): every method records its call in `log`
 * (`name(arg,…)`) and answers success, unless `overrides` says otherwise. The CTI load says "logged in, rest".
 */
export function fakeCti(overrides: Partial<Record<keyof PhoneCti, Override>> = {}) {
  const log: string[] = [];
  const ok = { result: 'success' };
  const method =
    (name: keyof PhoneCti, answer: unknown = ok) =>
    (...args: unknown[]) => {
      log.push(args.length ? `${name}(${args.join(',')})` : name);
      const override = overrides[name];
      return override ? override() : Promise.resolve(answer);
    };
  const cti = {
    load: method('load', { status: 11, exten_status: 51 }),
    dndOn: method('dndOn'),
    dndOff: method('dndOff'),
    transfer: method('transfer'),
    unTransfer: method('unTransfer'),
    checkTransfer: method('checkTransfer', { transfer: false, number: null }),
    dial: method('dial'),
    clickToCall: method('clickToCall'),
    blindTransfer: method('blindTransfer'),
    attendedTransfer: method('attendedTransfer'),
    listen: method('listen'),
    whisper: method('whisper'),
    hangup: method('hangup'),
    hangupWithChannel: method('hangupWithChannel'),
    answer: method('answer'),
    oneTouchRecording: method('oneTouchRecording', { recording: null }),
  } as unknown as PhoneCti;
  return { cti, log };
}
