/**
 * MP3s made in the test (no encoder on the machine needed): MPEG-1 Layer III frames with a valid header
 * and an all-zero payload. Zero side information means zero-length granules, which every decoder plays
 * as silence, so these are real, playable MP3s of an exactly known length (1152 samples a frame).
 */

const MPEG1_L3_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATE_INDEX: Record<number, number> = { 44100: 0, 48000: 1, 32000: 2 };

/** One mono frame (no CRC, no padding) of `kbps` at `sampleRate`. */
export function mp3Frame(kbps: number, sampleRate = 44100): Buffer {
  const bitrateIndex = MPEG1_L3_BITRATES.indexOf(kbps);
  if (bitrateIndex <= 0) throw new Error(`no MPEG-1 Layer III bitrate ${kbps}`);
  const length = Math.floor((144 * kbps * 1000) / sampleRate);
  const frame = Buffer.alloc(length);
  frame[0] = 0xff;
  frame[1] = 0xfb; // MPEG-1, Layer III, no CRC
  frame[2] = (bitrateIndex << 4) | (RATE_INDEX[sampleRate]! << 2);
  frame[3] = 0xc0; // mono
  return frame;
}

/** A Xing header frame saying how many audio frames follow (what VBR encoders write first). */
export function xingFrame(frames: number, sampleRate = 44100): Buffer {
  const frame = mp3Frame(64, sampleRate);
  const at = 4 + 17; // header, then mono MPEG-1 side information
  frame.write('Xing', at, 'ascii');
  frame.writeUInt32BE(0x01, at + 4); // frame count present
  frame.writeUInt32BE(frames, at + 8);
  return frame;
}

/** An ID3v2.3 tag with a title, as most MP3s start. */
export function id3Tag(title = 'Greeting'): Buffer {
  const text = Buffer.from(`\u0000${title}`, 'latin1');
  const frame = Buffer.concat([Buffer.from('TIT2'), Buffer.from([0, 0, 0, text.length, 0, 0]), text]);
  const body = Buffer.concat([frame, Buffer.alloc(64)]); // padding, as taggers leave
  const size = body.length;
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, body]);
}

/** CBR: `count` frames of one bitrate. */
export function cbrMp3(count: number, options: { kbps?: number; id3?: boolean; sampleRate?: number } = {}): Buffer {
  const frames = Array.from({ length: count }, () => mp3Frame(options.kbps ?? 128, options.sampleRate));
  return Buffer.concat([...(options.id3 ? [id3Tag()] : []), ...frames]);
}

/** VBR: frames of changing bitrates, with a Xing header first unless `xing` is false. */
export function vbrMp3(count: number, options: { xing?: boolean; id3?: boolean } = {}): Buffer {
  const rates = [32, 64, 128, 256, 96];
  const frames = Array.from({ length: count }, (_, i) => mp3Frame(rates[i % rates.length]!));
  return Buffer.concat([...(options.id3 ? [id3Tag()] : []), ...(options.xing === false ? [] : [xingFrame(count)]), ...frames]);
}

/** Milliseconds of `frames` MPEG-1 frames at `sampleRate`. */
export const framesMs = (frames: number, sampleRate = 44100) => (frames * 1152 * 1000) / sampleRate;
