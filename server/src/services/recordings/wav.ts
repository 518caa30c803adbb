/**
 * A short, valid WAV for the simulator's recordings: the simulator has no audio, but the recording
 * pop-ups, the player and the download must work end to end in demos and tests. A 440 Hz beep, then
 * silence for the rest of the call's length (capped, so a long demo call stays a small file).
 */

const SAMPLE_RATE = 8000;
const BITS = 16;
const CHANNELS = 1;
const BEEP_SECONDS = 0.5;
export const MAX_GENERATED_SECONDS = 30;

export function generatedWav(seconds: number): Buffer {
  const length = Math.min(MAX_GENERATED_SECONDS, Math.max(1, Math.round(seconds)));
  const samples = length * SAMPLE_RATE;
  const dataBytes = samples * CHANNELS * (BITS / 8);
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // PCM header size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(CHANNELS, 22);
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * CHANNELS * (BITS / 8), 28);
  wav.writeUInt16LE(CHANNELS * (BITS / 8), 32);
  wav.writeUInt16LE(BITS, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  const beepSamples = Math.min(samples, BEEP_SECONDS * SAMPLE_RATE);
  for (let i = 0; i < beepSamples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE) * 8000), 44 + i * 2);
  }
  return wav;
}
