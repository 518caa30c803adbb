/**
 * MP3 by its content (docs/resources.md "File fields"): a file is MP3 when, after any ID3v2 tags, it
 * starts with an MPEG audio Layer III frame whose successor is a frame too. A WAV, a PNG or a text file
 * renamed `.mp3` has no such frames. Its duration comes from the frames themselves: the frame count of a
 * Xing/Info or VBRI header (VBR files, and CBR files LAME tags), less the encoder delay and padding of a
 * LAME tag; without a header, every frame is walked and counted (CBR). No dependency: about a hundred
 * lines of header parsing are simpler than a package that reads tags we do not need.
 *
 * Frame header (ISO 11172-3 / 13818-3), 32 bits: sync (11 bits set), version (2), layer (2),
 * protection (1), bitrate index (4), sample-rate index (2), padding (1), private (1), channel mode (2),
 * then mode extension, copyright, original and emphasis.
 */

type Version = 'mpeg1' | 'mpeg2' | 'mpeg2.5';

export interface FrameHeader {
  version: Version;
  bitrateKbps: number;
  sampleRate: number;
  samplesPerFrame: number;
  /** Bytes of the whole frame, header included. */
  length: number;
  mono: boolean;
  protected: boolean;
}

export interface Mp3Facts {
  durationMs: number;
  sampleRate: number;
  /** Frames of audio (the Xing/Info frame itself is not audio). */
  frames: number;
  /** Where the duration came from. */
  source: 'xing' | 'vbri' | 'frames';
}

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<Version, readonly number[]> = {
  mpeg1: [44100, 48000, 32000],
  mpeg2: [22050, 24000, 16000],
  'mpeg2.5': [11025, 12000, 8000],
};

/** The Layer III frame header at `offset`, or null (free-format and reserved values are not accepted). */
export function frameHeaderAt(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const b3 = bytes[offset + 3]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 0x03;
  if (versionBits === 0b01) return null; // reserved
  if (((b1 >> 1) & 0x03) !== 0b01) return null; // Layer III only: .mp3
  const version: Version = versionBits === 0b11 ? 'mpeg1' : versionBits === 0b10 ? 'mpeg2' : 'mpeg2.5';
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0x03;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrateKbps = (version === 'mpeg1' ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version][rateIndex]!;
  const padding = (b2 >> 1) & 0x01;
  const samplesPerFrame = version === 'mpeg1' ? 1152 : 576;
  const length = Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  return { version, bitrateKbps, sampleRate, samplesPerFrame, length, mono: b3 >> 6 === 0b11, protected: (b1 & 0x01) === 0 };
}

/** Bytes taken by ID3v2 tags at the start (a file may carry several, each with an optional footer). */
function id3v2Length(bytes: Uint8Array): number {
  let offset = 0;
  while (offset + 10 <= bytes.length && bytes[offset] === 0x49 && bytes[offset + 1] === 0x44 && bytes[offset + 2] === 0x33) {
    const size = bytes.subarray(offset + 6, offset + 10);
    if (size.some((b) => b & 0x80)) return offset; // not a sync-safe size: not a tag
    const body = (size[0]! << 21) | (size[1]! << 14) | (size[2]! << 7) | size[3]!;
    const footer = bytes[offset + 5]! & 0x10 ? 10 : 0;
    offset += 10 + body + footer;
  }
  return offset;
}

const ascii = (bytes: Uint8Array, offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));
const uint32 = (bytes: Uint8Array, offset: number) => ((bytes[offset]! << 24) >>> 0) + (bytes[offset + 1]! << 16) + (bytes[offset + 2]! << 8) + bytes[offset + 3]!;

/** How far past the first frame's start the Xing/Info header sits: header, CRC, side information. */
function xingOffset(frame: FrameHeader): number {
  const sideInfo = frame.version === 'mpeg1' ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  return 4 + (frame.protected ? 2 : 0) + sideInfo;
}

/** Frames and gapless trim of a Xing/Info or VBRI header in the frame at `start`, if it has one. */
function vbrHeader(bytes: Uint8Array, start: number, frame: FrameHeader): { frames: number; trim: number; source: 'xing' | 'vbri' } | null {
  const xing = start + xingOffset(frame);
  const tag = ascii(bytes, xing, 4);
  if ((tag === 'Xing' || tag === 'Info') && xing + 8 <= bytes.length) {
    const flags = uint32(bytes, xing + 4);
    if (!(flags & 0x01) || xing + 12 > bytes.length) return null;
    const frames = uint32(bytes, xing + 8);
    // Optional byte count, table of contents and quality, then LAME's extension (encoder delay and
    // padding in 12 bits each, 21 bytes into it), which gapless players subtract.
    const lame = xing + 8 + 4 + (flags & 0x02 ? 4 : 0) + (flags & 0x04 ? 100 : 0) + (flags & 0x08 ? 4 : 0);
    let trim = 0;
    if (lame + 24 <= bytes.length && /^(LAME|Lavc|Lavf)/.test(ascii(bytes, lame, 4))) {
      const delay = (bytes[lame + 21]! << 4) | (bytes[lame + 22]! >> 4);
      const padding = ((bytes[lame + 22]! & 0x0f) << 8) | bytes[lame + 23]!;
      if (delay + padding < frames * frame.samplesPerFrame) trim = delay + padding;
    }
    return frames > 0 ? { frames, trim, source: 'xing' } : null;
  }
  const vbri = start + 4 + 32;
  if (ascii(bytes, vbri, 4) === 'VBRI' && vbri + 18 <= bytes.length) {
    const frames = uint32(bytes, vbri + 14);
    return frames > 0 ? { frames, trim: 0, source: 'vbri' } : null;
  }
  return null;
}

/** The first frame may follow a few bytes of padding after the tags; not further. */
const MAX_LEADING_JUNK = 4096;

/**
 * The facts of an MP3, or null when `bytes` are not one: no Layer III frame near the start, or a first
 * frame not followed by another (one lone sync pattern in a WAV's samples is not an MP3). A file of a
 * single frame is accepted when that frame ends the file.
 */
export function readMp3(bytes: Uint8Array): Mp3Facts | null {
  const tags = id3v2Length(bytes);
  let start = -1;
  let first: FrameHeader | null = null;
  for (let offset = tags; offset < Math.min(bytes.length, tags + MAX_LEADING_JUNK); offset++) {
    const frame = frameHeaderAt(bytes, offset);
    if (!frame) continue;
    const next = offset + frame.length;
    if (next === bytes.length || frameHeaderAt(bytes, next)) {
      start = offset;
      first = frame;
      break;
    }
  }
  if (!first) return null;

  const header = vbrHeader(bytes, start, first);
  if (header) {
    const samples = header.frames * first.samplesPerFrame - header.trim;
    return { durationMs: Math.round((samples * 1000) / first.sampleRate), sampleRate: first.sampleRate, frames: header.frames, source: header.source };
  }

  // CBR (or VBR without a header): walk the frames to the end; anything after them (an ID3v1 tag, an
  // APE tag, a cut-off last frame) is not audio.
  let seconds = 0;
  let frames = 0;
  let offset = start;
  for (let frame = frameHeaderAt(bytes, offset); frame && offset + frame.length <= bytes.length; frame = frameHeaderAt(bytes, offset)) {
    seconds += frame.samplesPerFrame / frame.sampleRate;
    frames++;
    offset += frame.length;
  }
  return { durationMs: Math.round(seconds * 1000), sampleRate: first.sampleRate, frames, source: 'frames' };
}
